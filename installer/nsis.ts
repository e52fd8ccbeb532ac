/**
 * The Windows installer: an NSIS script made here and compiled on Debian with makensis (package nsis). Its first
 * page asks whom to install for:
 *
 * - "Just me" (the default; no administrator prompt): the helper, config.json and the two host manifests go into
 *   %LOCALAPPDATA%\TributeBurner and the host is registered under HKCU for Chrome, Chromium, Edge and Firefox
 *   (each key's default value is the manifest's path). Policy is never touched.
 * - "All users of this computer" (needs an administrator; a non-elevated installer starts itself again elevated):
 *   the same files in %ProgramFiles%\TributeBurner, registered under HKLM, listed in Apps & features under HKLM.
 *   Only here can "Install the browser extension for everyone" be ticked (ticked by default): it writes the
 *   force-install policies, the values policies.ts makes for the .reg file (Chrome and Edge
 *   ExtensionInstallForcelist, as the first free number in each list) and Firefox's ExtensionSettings (the JSON
 *   string form, install_url this server's .xpi), unless Firefox already has an ExtensionSettings policy of the
 *   computer's own, which is left as it is (the log says what to add to it).
 *
 * Silent installs (deployment tools): /S alone installs for the current user; /S /ALLUSERS for all users;
 * /S /ALLUSERS /POLICIES adds the policies. /POLICIES without /ALLUSERS is refused, and so is /ALLUSERS without
 * administrator rights (exit code 740, ERROR_ELEVATION_REQUIRED): silent installs never prompt.
 *
 * The uninstaller knows its mode from where it is (an all-users install records its folder under HKLM) and
 * removes exactly what its installer wrote: the files, the host keys, the Apps & features entry, and each policy
 * value it recorded, only while that value still holds what it wrote (IT may have changed it since).
 *
 * The host manifests name the helper by a path relative to their own folder, which Chrome and Firefox allow on
 * Windows, so they are written here, once, by hostManifest(). The installer is 64-bit (the helper is): Target
 * amd64-unicode, which Debian's nsis ships stubs for; its registry writes go to the 64-bit view the browsers read.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { NATIVE_HOST_NAME } from '../common/burn-protocol.ts';
import { hostManifestJson, type InstallerContents } from './host-manifest.ts';
import { helperConfigJson } from './helper-config.ts';
import { helperFileName } from './layout.ts';
import { WINDOWS_FIREFOX_POLICY_KEY, WINDOWS_FIREFOX_POLICY_VALUE, WINDOWS_POLICY_KEYS, forcelistEntry, windowsFirefoxExtensionSettings } from './policies.ts';

const run = promisify(execFile);

export const WINDOWS_INSTALL_FOLDER = 'TributeBurner';
export const WINDOWS_CHROMIUM_MANIFEST = `${NATIVE_HOST_NAME}.json`;
export const WINDOWS_FIREFOX_MANIFEST = `${NATIVE_HOST_NAME}.firefox.json`;

/** The keys (under HKCU for one user, HKLM for all) whose default value points a browser at a host manifest. */
export const WINDOWS_REGISTRY_KEYS: readonly { key: string; manifest: string }[] = [
  { key: `Software\\Google\\Chrome\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_CHROMIUM_MANIFEST },
  { key: `Software\\Chromium\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_CHROMIUM_MANIFEST },
  { key: `Software\\Microsoft\\Edge\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_CHROMIUM_MANIFEST },
  { key: `Software\\Mozilla\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`, manifest: WINDOWS_FIREFOX_MANIFEST },
];
export const WINDOWS_UNINSTALL_KEY = 'Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\TributeBurner';

/** The command-line switches of a silent install (with /S). */
export const NSIS_SWITCHES = { allUsers: '/ALLUSERS', policies: '/POLICIES' } as const;
/** Exit code of a silent all-users install without administrator rights (Windows' ERROR_ELEVATION_REQUIRED). */
export const NSIS_NEEDS_ADMIN_EXIT = 740;
/** Exit code of /POLICIES without /ALLUSERS. */
export const NSIS_BAD_SWITCHES_EXIT = 2;

/**
 * The values in the all-users Apps & features key (HKLM) that record which policy values the installer wrote,
 * so the uninstaller removes those and nothing else: per forcelist key the number it took, and for Firefox 1.
 */
export const forcelistRecordName = (key: string): string => `Forcelist ${key}`;
export const FIREFOX_POLICY_RECORD = 'FirefoxExtensionSettings';

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

/** A policy key and its parents up to (not including) SOFTWARE\Policies, deepest first: removed when left empty. */
function policyKeyChain(key: string): string[] {
  const parts = key.split('\\');
  const chain: string[] = [];
  // SOFTWARE\Policies\<vendor>: stop above the vendor (SOFTWARE\Policies\Microsoft is Windows' own).
  for (let length = parts.length; length > 3; length--) chain.push(parts.slice(0, length).join('\\'));
  if (!key.startsWith('SOFTWARE\\Policies\\Microsoft\\')) chain.push(parts.slice(0, 3).join('\\'));
  return chain;
}

/**
 * An NSIS string literal. NSIS quotes with ", ' or `; $ starts a variable in every form, so it may not appear; the
 * first quote the value does not contain is used (JSON holds double quotes, so it gets backticks).
 */
function nsisString(value: string): string {
  if (/[$\r\n]/.test(value)) throw new Error(`Not allowed in an NSIS string: ${value}`);
  const quote = ['"', '`', "'"].find((candidate) => !value.includes(candidate));
  if (!quote) throw new Error(`No NSIS quote fits: ${value}`);
  return `${quote}${value}${quote}`;
}

/** What the all-users installer writes when "Install the browser extension for everyone" is ticked. */
export interface WindowsPolicyValues {
  /** The ExtensionInstallForcelist entry for Chrome and Edge (policies.ts forcelistEntry). */
  forcelistEntry: string;
  /** Firefox's ExtensionSettings as JSON (policies.ts windowsFirefoxExtensionSettings). */
  firefoxExtensionSettings: string;
}

export interface NsisFiles {
  helper: string;
  config: string;
  chromium: string;
  firefox: string;
}

/** The install mode page, the switches and the elevation: the functions the script's pages and sections call. */
function modeFunctions(): string[] {
  const { allUsers, policies } = NSIS_SWITCHES;
  return [
    'Var AllUsers',
    'Var Policies',
    'Var Elevated',
    'Var JustMeRadio',
    'Var AllUsersRadio',
    'Var PoliciesBox',
    '',
    // Folders and the registry root (SHCTX) follow the mode.
    'Function ApplyMode',
    '  ${If} $AllUsers == 1',
    '    SetShellVarContext all',
    `    StrCpy $INSTDIR "$PROGRAMFILES64\\${WINDOWS_INSTALL_FOLDER}"`,
    '  ${Else}',
    '    SetShellVarContext current',
    `    StrCpy $INSTDIR "$LOCALAPPDATA\\${WINDOWS_INSTALL_FOLDER}"`,
    '  ${EndIf}',
    'FunctionEnd',
    '',
    'Function RequireAdmin',
    '  UserInfo::GetAccountType',
    '  Pop $0',
    '  ${If} $0 != "Admin"',
    '    MessageBox MB_ICONSTOP "Installing for all users of this computer needs an administrator. Run this installer as an administrator, or install it for yourself only." /SD IDOK',
    `    SetErrorLevel ${NSIS_NEEDS_ADMIN_EXIT}`,
    '    Quit',
    '  ${EndIf}',
    'FunctionEnd',
    '',
    'Function .onInit',
    '  StrCpy $AllUsers 0',
    '  StrCpy $Policies 0',
    '  StrCpy $Elevated 0',
    '  ${GetParameters} $R0',
    '  ClearErrors',
    `  \${GetOptions} $R0 "${allUsers}" $R1`,
    '  ${IfNot} ${Errors}',
    '    StrCpy $AllUsers 1',
    '  ${EndIf}',
    '  ClearErrors',
    `  \${GetOptions} $R0 "${policies}" $R1`,
    '  ${IfNot} ${Errors}',
    '    StrCpy $Policies 1',
    '  ${EndIf}',
    '  ClearErrors',
    '  ${GetOptions} $R0 "/ELEVATED" $R1',
    '  ${IfNot} ${Errors}',
    '    StrCpy $Elevated 1',
    '  ${EndIf}',
    '  ${If} $Policies == 1',
    '  ${AndIf} $AllUsers != 1',
    `    MessageBox MB_ICONSTOP "${policies} installs the browser extension for every user of this computer: give ${allUsers} too." /SD IDOK`,
    `    SetErrorLevel ${NSIS_BAD_SWITCHES_EXIT}`,
    '    Quit',
    '  ${EndIf}',
    // Silent installs and the elevated second start have no mode page: the switches decide, and must be able to.
    '  ${If} $AllUsers == 1',
    '  ${AndIf} ${Silent}',
    '    Call RequireAdmin',
    '  ${EndIf}',
    '  ${If} $Elevated == 1',
    '    Call RequireAdmin',
    '  ${EndIf}',
    '  Call ApplyMode',
    'FunctionEnd',
    '',
    'Function ModePage',
    '  ${If} $Elevated == 1',
    '    Abort',
    '  ${EndIf}',
    '  nsDialogs::Create 1018',
    '  Pop $0',
    '  ${NSD_CreateLabel} 0 0 100% 20u "Install the Tribute DVD Burner for:"',
    '  Pop $0',
    '  ${NSD_CreateRadioButton} 0 24u 100% 12u "Just me (no administrator needed)"',
    '  Pop $JustMeRadio',
    '  ${NSD_CreateRadioButton} 0 40u 100% 12u "All users of this computer (needs an administrator)"',
    '  Pop $AllUsersRadio',
    '  ${NSD_CreateCheckbox} 12u 58u -12u 12u "Install the browser extension for everyone (Chrome, Edge and Firefox)"',
    '  Pop $PoliciesBox',
    '  ${NSD_CreateLabel} 24u 72u -24u 36u "The browsers then install the Tribute DVD Burner extension by themselves and keep it up to date; their users cannot remove it."',
    '  Pop $0',
    '  ${NSD_OnClick} $JustMeRadio ModeChanged',
    '  ${NSD_OnClick} $AllUsersRadio ModeChanged',
    '  ${If} $AllUsers == 1',
    '    ${NSD_Check} $AllUsersRadio',
    '    ${NSD_Check} $PoliciesBox',
    '  ${Else}',
    '    ${NSD_Check} $JustMeRadio',
    '    EnableWindow $PoliciesBox 0',
    '  ${EndIf}',
    '  nsDialogs::Show',
    'FunctionEnd',
    '',
    // The option belongs to all-users installs: ticked when that mode is chosen, cleared and greyed for "Just me".
    'Function ModeChanged',
    '  Pop $0',
    '  ${NSD_GetState} $AllUsersRadio $1',
    '  ${If} $1 == ${BST_CHECKED}',
    '    EnableWindow $PoliciesBox 1',
    '    ${NSD_Check} $PoliciesBox',
    '  ${Else}',
    '    ${NSD_Uncheck} $PoliciesBox',
    '    EnableWindow $PoliciesBox 0',
    '  ${EndIf}',
    'FunctionEnd',
    '',
    'Function ModePageLeave',
    '  ${NSD_GetState} $AllUsersRadio $1',
    '  ${NSD_GetState} $PoliciesBox $2',
    '  StrCpy $AllUsers 0',
    '  StrCpy $Policies 0',
    '  ${If} $1 == ${BST_CHECKED}',
    '    StrCpy $AllUsers 1',
    '    ${If} $2 == ${BST_CHECKED}',
    '      StrCpy $Policies 1',
    '    ${EndIf}',
    '    UserInfo::GetAccountType',
    '    Pop $3',
    // Not elevated: start again as administrator (Windows asks), with the choice made here, and end this one.
    '    ${If} $3 != "Admin"',
    `      StrCpy $4 "${allUsers} /ELEVATED"`,
    '      ${If} $Policies == 1',
    `        StrCpy $4 "$4 ${policies}"`,
    '      ${EndIf}',
    '      ClearErrors',
    '      ExecShell "runas" "$EXEPATH" "$4"',
    '      ${If} ${Errors}',
    '        MessageBox MB_ICONEXCLAMATION "Installing for all users needs an administrator. Choose Just me, or run this installer as an administrator."',
    '        Abort',
    '      ${EndIf}',
    '      Quit',
    '    ${EndIf}',
    '  ${EndIf}',
    '  Call ApplyMode',
    'FunctionEnd',
    '',
    // The uninstaller's mode: an all-users install recorded its folder under HKLM.
    'Function un.onInit',
    '  StrCpy $AllUsers 0',
    `  ReadRegStr $0 HKLM "${WINDOWS_UNINSTALL_KEY}" "InstallLocation"`,
    '  ${If} $0 == $INSTDIR',
    '    StrCpy $AllUsers 1',
    '    SetShellVarContext all',
    '    UserInfo::GetAccountType',
    '    Pop $1',
    '    ${If} $1 != "Admin"',
    '      MessageBox MB_ICONSTOP "The Tribute DVD Burner is installed for all users of this computer: removing it needs an administrator. Run uninstall.exe as an administrator." /SD IDOK',
    `      SetErrorLevel ${NSIS_NEEDS_ADMIN_EXIT}`,
    '      Quit',
    '    ${EndIf}',
    '  ${Else}',
    '    SetShellVarContext current',
    '  ${EndIf}',
    'FunctionEnd',
    '',
  ];
}

/** The install section's policy part (all-users mode with the option): each value written and recorded. */
function writePolicies(values: WindowsPolicyValues): string[] {
  const entry = nsisString(values.forcelistEntry);
  const settings = nsisString(values.firefoxExtensionSettings);
  const lines = ['  ${If} $Policies == 1'];
  for (const key of WINDOWS_POLICY_KEYS) {
    // Chrome reads a list policy's values 1, 2, 3, ...: ours takes the first free number, or keeps its own.
    lines.push(
      '    StrCpy $R1 1',
      '    ${Do}',
      '      ClearErrors',
      `      ReadRegStr $R2 HKLM "${key}" $R1`,
      '      ${If} ${Errors}',
      '      ${OrIf} $R2 == ' + entry,
      '        ${ExitDo}',
      '      ${EndIf}',
      '      IntOp $R1 $R1 + 1',
      '    ${Loop}',
      `    WriteRegStr HKLM "${key}" $R1 ${entry}`,
      `    WriteRegStr HKLM "${WINDOWS_UNINSTALL_KEY}" "${forcelistRecordName(key)}" $R1`,
      `    DetailPrint "Policy: HKLM\\${key} $R1"`,
    );
  }
  lines.push(
    '    ClearErrors',
    `    ReadRegStr $R2 HKLM "${WINDOWS_FIREFOX_POLICY_KEY}" "${WINDOWS_FIREFOX_POLICY_VALUE}"`,
    '    ${If} ${Errors}',
    `    \${OrIf} $R2 == ${settings}`,
    `      WriteRegStr HKLM "${WINDOWS_FIREFOX_POLICY_KEY}" "${WINDOWS_FIREFOX_POLICY_VALUE}" ${settings}`,
    `      WriteRegDWORD HKLM "${WINDOWS_UNINSTALL_KEY}" "${FIREFOX_POLICY_RECORD}" 1`,
    `      DetailPrint "Policy: HKLM\\${WINDOWS_FIREFOX_POLICY_KEY} ${WINDOWS_FIREFOX_POLICY_VALUE}"`,
    '    ${Else}',
    `      DetailPrint "Firefox: this computer has an ExtensionSettings policy of its own, left unchanged. Add this to it for the Tribute DVD Burner extension: ${values.firefoxExtensionSettings.replace(/"/g, '$\\"')}"`,
    '    ${EndIf}',
    '  ${EndIf}',
  );
  return lines;
}

/** The uninstall section's policy part: only the values the installer recorded, only while they hold its data. */
function removePolicies(values: WindowsPolicyValues): string[] {
  const entry = nsisString(values.forcelistEntry);
  const settings = nsisString(values.firefoxExtensionSettings);
  const lines = ['  ${If} $AllUsers == 1'];
  for (const key of WINDOWS_POLICY_KEYS) {
    lines.push(
      `    ReadRegStr $R1 HKLM "${WINDOWS_UNINSTALL_KEY}" "${forcelistRecordName(key)}"`,
      '    ${If} $R1 != ""',
      `      ReadRegStr $R2 HKLM "${key}" $R1`,
      `      \${If} $R2 == ${entry}`,
      `        DeleteRegValue HKLM "${key}" $R1`,
      '      ${EndIf}',
      ...policyKeyChain(key).map((chained) => `      DeleteRegKey /ifempty HKLM "${chained}"`),
      '    ${EndIf}',
    );
  }
  lines.push(
    `    ReadRegDWORD $R1 HKLM "${WINDOWS_UNINSTALL_KEY}" "${FIREFOX_POLICY_RECORD}"`,
    '    ${If} $R1 == 1',
    `      ReadRegStr $R2 HKLM "${WINDOWS_FIREFOX_POLICY_KEY}" "${WINDOWS_FIREFOX_POLICY_VALUE}"`,
    `      \${If} $R2 == ${settings}`,
    `        DeleteRegValue HKLM "${WINDOWS_FIREFOX_POLICY_KEY}" "${WINDOWS_FIREFOX_POLICY_VALUE}"`,
    '      ${EndIf}',
    ...policyKeyChain(WINDOWS_FIREFOX_POLICY_KEY).map((chained) => `      DeleteRegKey /ifempty HKLM "${chained}"`),
    '    ${EndIf}',
    '  ${EndIf}',
  );
  return lines;
}

export function nsisScript(version: number, outFile: string, files: NsisFiles, policies: WindowsPolicyValues): string {
  const exe = helperFileName('win-x64');
  const lines = [
    'Unicode true',
    'Target amd64-unicode',
    'SetCompressor /SOLID lzma',
    'Name "Tribute DVD Burner"',
    `OutFile ${nsisString(outFile)}`,
    // "Just me" needs no administrator; "All users" asks for one when chosen (ModePageLeave).
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
    '!include LogicLib.nsh',
    '!include FileFunc.nsh',
    '!include nsDialogs.nsh',
    '',
    ...modeFunctions(),
    'Page custom ModePage ModePageLeave',
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
    // SHCTX is HKCU for "Just me" and HKLM for all users (SetShellVarContext in ApplyMode).
    ...WINDOWS_REGISTRY_KEYS.map(({ key, manifest }) => `  WriteRegStr SHCTX "${key}" "" "$INSTDIR\\${manifest}"`),
    '  WriteUninstaller "$INSTDIR\\uninstall.exe"',
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "DisplayName" "Tribute DVD Burner"`,
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "DisplayVersion" "${version}"`,
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "Publisher" "Tribute"`,
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"`,
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\\${exe}"`,
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\\uninstall.exe"'`,
    `  WriteRegStr SHCTX "${WINDOWS_UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\\uninstall.exe" /S'`,
    `  WriteRegDWORD SHCTX "${WINDOWS_UNINSTALL_KEY}" "NoModify" 1`,
    `  WriteRegDWORD SHCTX "${WINDOWS_UNINSTALL_KEY}" "NoRepair" 1`,
    ...writePolicies(policies),
    'SectionEnd',
    '',
    'Section "Uninstall"',
    // Before the Apps & features key goes: it holds the record of the policy values written.
    ...removePolicies(policies),
    ...WINDOWS_REGISTRY_KEYS.map(({ key }) => `  DeleteRegKey SHCTX "${key}"`),
    ...PARENT_KEYS.map((key) => `  DeleteRegKey /ifempty SHCTX "${key}"`),
    `  DeleteRegKey SHCTX "${WINDOWS_UNINSTALL_KEY}"`,
    `  Delete "$INSTDIR\\${exe}"`,
    `  Delete "$INSTDIR\\${exe}.old"`,
    '  Delete "$INSTDIR\\config.json"',
    `  Delete "$INSTDIR\\${WINDOWS_CHROMIUM_MANIFEST}"`,
    `  Delete "$INSTDIR\\${WINDOWS_FIREFOX_MANIFEST}"`,
    // The helper's own files: its downloads (disc images; the helper's default folder on Windows,
    // %LOCALAPPDATA%\TributeBurner\downloads, native-host/src/private-files.ts, which is the per-user install
    // folder; each user's own under an all-users install) and its log.
    '  RMDir /r "$INSTDIR\\downloads"',
    '  Delete "$INSTDIR\\tribute-burner.log*"',
    '  Delete "$INSTDIR\\uninstall.exe"',
    '  RMDir "$INSTDIR"',
    'SectionEnd',
    '',
  ];
  return lines.join('\n');
}

export interface NsisOptions extends InstallerContents {
  stagingDir: string;
  outFile: string;
}

/** The files the installer packs, written into stagingDir: the helper, config.json and the two host manifests. */
export function windowsInstallerFiles({ helper, chromeExtensionId, storeExtensionIds, publicUrl, mirrors, allowPlainHttp, stagingDir }: Omit<NsisOptions, 'version' | 'outFile'>): NsisFiles {
  const files = {
    helper: path.join(stagingDir, helperFileName('win-x64')),
    config: path.join(stagingDir, 'config.json'),
    chromium: path.join(stagingDir, WINDOWS_CHROMIUM_MANIFEST),
    firefox: path.join(stagingDir, WINDOWS_FIREFOX_MANIFEST),
  };
  copyFileSync(helper, files.helper);
  writeFileSync(files.config, helperConfigJson(publicUrl, { mirrors, allowPlainHttp }));
  writeFileSync(files.chromium, hostManifestJson('chromium', helperFileName('win-x64'), { chromeExtensionId, storeExtensionIds }));
  writeFileSync(files.firefox, hostManifestJson('firefox', helperFileName('win-x64'), { chromeExtensionId, storeExtensionIds }));
  return files;
}

/** The policy values for this server and installation (policies.ts, the one source the .reg file uses too). */
export const windowsPolicyValues = (chromeExtensionId: string, publicUrl: string): WindowsPolicyValues => ({
  forcelistEntry: forcelistEntry({ chromeExtensionId, publicUrl }),
  firefoxExtensionSettings: windowsFirefoxExtensionSettings({ publicUrl }),
});

/** Builds the NSIS installer at outFile. */
export async function buildNsisInstaller(options: NsisOptions): Promise<string> {
  const files = windowsInstallerFiles(options);
  const script = path.join(options.stagingDir, 'tribute-burner.nsi');
  writeFileSync(script, nsisScript(options.version, options.outFile, files, windowsPolicyValues(options.chromeExtensionId, options.publicUrl)));
  try {
    await run('makensis', ['-V2', '-INPUTCHARSET', 'UTF8', script], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('makensis is not installed (Debian: apt-get install nsis); or leave Windows out: --platforms linux-x64,darwin-x64.');
    throw error;
  }
  return options.outFile;
}
