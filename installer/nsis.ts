/**
 * The Windows installer: an NSIS script made here and compiled on Debian with makensis (package nsis). It installs
 * for the current user only (no administrator prompt): the helper, config.json and the two host manifests into
 * %LOCALAPPDATA%\TributeBurner, and registers the host under HKCU for Chrome, Chromium, Edge and Firefox (each
 * key's default value is the manifest's path). The host manifests name the helper by a path relative to their
 * own folder, which Chrome and Firefox allow on Windows, so they are written here, once, by hostManifest().
 * The uninstaller removes every key and file the installer added, and the helper's downloads.
 *
 * The installer is 64-bit (the helper is): Target amd64-unicode, which Debian's nsis ships stubs for.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { NATIVE_HOST_NAME } from '../common/burn-protocol.ts';
import { hostManifestJson } from './host-manifest.ts';
import { helperConfigJson } from './helper-config.ts';
import { helperFileName } from './layout.ts';

const run = promisify(execFile);

export const WINDOWS_INSTALL_FOLDER = 'TributeBurner';
export const WINDOWS_CHROMIUM_MANIFEST = `${NATIVE_HOST_NAME}.json`;
export const WINDOWS_FIREFOX_MANIFEST = `${NATIVE_HOST_NAME}.firefox.json`;

/** The HKCU keys whose default value points a browser at a host manifest. */
export const WINDOWS_REGISTRY_KEYS: readonly { key: string; manifest: string }[] = [
  { key: `Software\\Google\\Chrome\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_CHROMIUM_MANIFEST },
  { key: `Software\\Chromium\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_CHROMIUM_MANIFEST },
  { key: `Software\\Microsoft\\Edge\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_CHROMIUM_MANIFEST },
  { key: `Software\\Mozilla\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_FIREFOX_MANIFEST },
];
export const WINDOWS_UNINSTALL_KEY = 'Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\TributeBurner';

/** Parent keys the installer may have created (a browser that is not installed): removed again when left empty. */
const PARENT_KEYS = [
  'Software\\Google\\Chrome\\NativeMessagingHosts',
  'Software\\Google\\Chrome',
  'Software\\Google',
  'Software\\Chromium\\NativeMessagingHosts',
  'Software\\Chromium',
  'Software\\Microsoft\\Edge\\NativeMessagingHosts',
  'Software\\Microsoft\\Edge',
  'Software\\Mozilla\\NativeMessagingHosts',
  'Software\\Mozilla',
];

/** NSIS strings are double-quoted; $ starts a variable and $\" escapes a quote. Our values carry neither. */
function nsisString(value: string): string {
  if (/["$\r\n]/.test(value)) throw new Error(`Not allowed in an NSIS string: ${value}`);
  return `"${value}"`;
}

export interface NsisOptions {
  helper: string;
  /** This installation's Chrome extension id (extension/chrome-key.ts), which the host manifests allow. */
  chromeExtensionId: string;
  version: number;
  publicUrl: string;
  /** The server's download mirrors (origins). */
  mirrors?: readonly string[];
  allowPlainHttp?: boolean;
  stagingDir: string;
  outFile: string;
}

export function nsisScript(version: number, outFile: string, files: { helper: string; config: string; chromium: string; firefox: string }): string {
  const exe = helperFileName('win-x64');
  const lines = [
    'Unicode true',
    'Target amd64-unicode',
    'SetCompressor /SOLID lzma',
    'Name "Tribute DVD Burner"',
    `OutFile ${nsisString(outFile)}`,
    'RequestExecutionLevel user',
    `InstallDir "$LOCALAPPDATA\\${WINDOWS_INSTALL_FOLDER}"`,
    'ShowInstDetails show',
    'ShowUninstDetails show',
    'BrandingText "Tribute"',
    `VIProductVersion "${version}.0.0.0"`,
    'VIAddVersionKey "ProductName" "Tribute DVD Burner"',
    `VIAddVersionKey "FileVersion" "${version}"`,
    `VIAddVersionKey "ProductVersion" "${version}"`,
    'VIAddVersionKey "FileDescription" "Installs the Tribute DVD burner for Chrome, Edge and Firefox"',
    'VIAddVersionKey "LegalCopyright" "Tribute"',
    'Page instfiles',
    'UninstPage instfiles',
    '',
    'Section "Install"',
    '  SetOutPath "$INSTDIR"',
    // A running helper (a burn in progress) cannot be overwritten, but Windows lets it be renamed.
    `  Delete "$INSTDIR\\${exe}.old"`,
    `  IfFileExists "$INSTDIR\\${exe}" 0 +2`,
    `    Rename "$INSTDIR\\${exe}" "$INSTDIR\\${exe}.old"`,
    `  File /oname=${exe} ${nsisString(files.helper)}`,
    `  File /oname=config.json ${nsisString(files.config)}`,
    `  File /oname=${WINDOWS_CHROMIUM_MANIFEST} ${nsisString(files.chromium)}`,
    `  File /oname=${WINDOWS_FIREFOX_MANIFEST} ${nsisString(files.firefox)}`,
    ...WINDOWS_REGISTRY_KEYS.map(({ key, manifest }) => `  WriteRegStr HKCU "${key}" "" "$INSTDIR\\${manifest}"`),
    '  WriteUninstaller "$INSTDIR\\uninstall.exe"',
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "DisplayName" "Tribute DVD Burner"`,
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "DisplayVersion" "${version}"`,
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "Publisher" "Tribute"`,
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"`,
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\\${exe}"`,
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\\uninstall.exe"'`,
    `  WriteRegStr HKCU "${WINDOWS_UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\\uninstall.exe" /S'`,
    `  WriteRegDWORD HKCU "${WINDOWS_UNINSTALL_KEY}" "NoModify" 1`,
    `  WriteRegDWORD HKCU "${WINDOWS_UNINSTALL_KEY}" "NoRepair" 1`,
    'SectionEnd',
    '',
    'Section "Uninstall"',
    ...WINDOWS_REGISTRY_KEYS.map(({ key }) => `  DeleteRegKey HKCU "${key}"`),
    ...PARENT_KEYS.map((key) => `  DeleteRegKey /ifempty HKCU "${key}"`),
    `  DeleteRegKey HKCU "${WINDOWS_UNINSTALL_KEY}"`,
    `  Delete "$INSTDIR\\${exe}"`,
    `  Delete "$INSTDIR\\${exe}.old"`,
    '  Delete "$INSTDIR\\config.json"',
    `  Delete "$INSTDIR\\${WINDOWS_CHROMIUM_MANIFEST}"`,
    `  Delete "$INSTDIR\\${WINDOWS_FIREFOX_MANIFEST}"`,
    // The helper's own files: its downloads (disc images; the helper's default folder on Windows,
    // %LOCALAPPDATA%\TributeBurner\downloads, native-host/src/private-files.ts) and its log.
    '  RMDir /r "$INSTDIR\\downloads"',
    '  Delete "$INSTDIR\\tribute-burner.log*"',
    '  Delete "$INSTDIR\\uninstall.exe"',
    '  RMDir "$INSTDIR"',
    'SectionEnd',
    '',
  ];
  return lines.join('\n');
}

/** Builds the NSIS installer at outFile. */
export async function buildNsisInstaller({ helper, chromeExtensionId, version, publicUrl, mirrors, allowPlainHttp, stagingDir, outFile }: NsisOptions): Promise<string> {
  const files = {
    helper: path.join(stagingDir, helperFileName('win-x64')),
    config: path.join(stagingDir, 'config.json'),
    chromium: path.join(stagingDir, WINDOWS_CHROMIUM_MANIFEST),
    firefox: path.join(stagingDir, WINDOWS_FIREFOX_MANIFEST),
  };
  copyFileSync(helper, files.helper);
  writeFileSync(files.config, helperConfigJson(publicUrl, { mirrors, allowPlainHttp }));
  writeFileSync(files.chromium, hostManifestJson('chromium', helperFileName('win-x64'), chromeExtensionId));
  writeFileSync(files.firefox, hostManifestJson('firefox', helperFileName('win-x64'), chromeExtensionId));
  const script = path.join(stagingDir, 'tribute-burner.nsi');
  writeFileSync(script, nsisScript(version, outFile, files));
  try {
    await run('makensis', ['-V2', '-INPUTCHARSET', 'UTF8', script], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('makensis is not installed (Debian: apt-get install nsis); or leave Windows out: --platforms linux-x64,darwin-x64.');
    throw error;
  }
  return outFile;
}
