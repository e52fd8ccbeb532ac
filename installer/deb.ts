/**
 * The Linux system-wide installer: a .deb made with dpkg-deb. It puts the helper and its config.json in
 * /opt/tribute-burner/ and the host manifest, naming /opt/tribute-burner/tribute-burner, where each browser reads
 * system-wide hosts: Google Chrome /etc/opt/chrome/native-messaging-hosts, Chromium /etc/chromium/...,
 * Microsoft Edge /etc/opt/edge/..., Firefox /usr/lib/mozilla/native-messaging-hosts (the Debian and Ubuntu
 * path; /usr/lib64/mozilla is the Fedora one, which installs no .deb). dpkg removes every file it installed.
 *
 * The helper runs as the user, who cannot write to /opt, so it downloads into that user's own cache folder
 * (~/.cache/tribute-burner, mode 0700, made by the helper: native-host/src/private-files.ts). No folder is shared
 * between accounts (an earlier .deb's world-writable /var/tmp/tribute-burner let one account plant the disc image
 * another burned; postinst removes it). A .deb install updates by installing a newer .deb (the helper's
 * self-update needs to write its own file: the per-user install does that).
 */
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { HOST_MANIFEST_FILE, hostManifestJson, type HostFamily, type InstallerContents } from './host-manifest.ts';
import { helperConfigJson, serverOrigin } from './helper-config.ts';
import { HELPER_NAME } from './layout.ts';

const run = promisify(execFile);

export const DEB_PACKAGE = 'tribute-burner';
export const DEB_INSTALL_DIR = '/opt/tribute-burner';
export const DEB_HELPER_PATH = `${DEB_INSTALL_DIR}/${HELPER_NAME}`;
/** The shared download folder of .deb versions before issue 33: removed on upgrade, never used again. */
export const DEB_OLD_SHARED_DIR = '/var/tmp/tribute-burner';

/** Every system-wide host manifest folder the .deb fills, with the manifest kind each browser reads. */
export const DEB_HOST_DIRS: readonly { dir: string; family: HostFamily; browser: string }[] = [
  { dir: '/etc/opt/chrome/native-messaging-hosts', family: 'chromium', browser: 'Google Chrome' },
  { dir: '/etc/chromium/native-messaging-hosts', family: 'chromium', browser: 'Chromium' },
  { dir: '/etc/opt/edge/native-messaging-hosts', family: 'chromium', browser: 'Microsoft Edge' },
  { dir: '/usr/lib/mozilla/native-messaging-hosts', family: 'firefox', browser: 'Firefox' },
];

// Both honour DPKG_ROOT (dpkg sets it when installing into another root), which the tests use.
const POSTINST = `#!/bin/sh
# The helper downloads into each user's own ~/.cache/tribute-burner. Older versions shared a world-writable
# folder, which let one account plant the disc image another burned: it goes.
set -e
if [ "$1" = configure ]; then
  rm -rf "$DPKG_ROOT${DEB_OLD_SHARED_DIR}"
fi
exit 0
`;

function controlFile(version: number, publicUrl: string, installedKb: number): string {
  const host = new URL(publicUrl).hostname;
  return [
    `Package: ${DEB_PACKAGE}`,
    `Version: ${version}`,
    'Architecture: amd64',
    `Maintainer: Tribute <support@${host}>`,
    `Installed-Size: ${installedKb}`,
    'Section: utils',
    'Priority: optional',
    'Recommends: xorriso | growisofs',
    // On managed computers IT adds the policies that install the browser extension (policy-deb.ts).
    'Suggests: tribute-burner-browser-policies',
    `Homepage: ${serverOrigin(publicUrl)}`,
    'Description: Tribute DVD burner for Chrome, Chromium, Edge and Firefox',
    ` Lets the Tribute web app at ${serverOrigin(publicUrl)} burn a video's DVD from the browser:`,
    ' the browser extension starts this helper, which downloads the disc image from that server,',
    ' checks it, burns it and reads the disc back to verify it.',
    '',
  ].join('\n');
}

function writeFile(root: string, file: string, content: string | Buffer, mode: number): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  writeFileSync(target, content);
  chmodSync(target, mode);
}

/** The host manifests allow this installation's Chrome extension id and the store copies' (host-manifest.ts). */
export interface DebOptions extends InstallerContents {
  /** An empty folder to lay the package out in. */
  stagingDir: string;
  outFile: string;
}

/** Builds the .deb at outFile. */
export async function buildDeb({ helper, chromeExtensionId, storeExtensionIds, version, publicUrl, mirrors, allowPlainHttp, stagingDir, outFile }: DebOptions): Promise<string> {
  const root = path.join(stagingDir, 'root');
  mkdirSync(root, { recursive: true, mode: 0o755 });
  chmodSync(root, 0o755);
  const installed = path.join(root, DEB_HELPER_PATH);
  mkdirSync(path.dirname(installed), { recursive: true, mode: 0o755 });
  copyFileSync(helper, installed);
  chmodSync(installed, 0o755);
  writeFile(root, `${DEB_INSTALL_DIR}/config.json`, helperConfigJson(publicUrl, { mirrors, allowPlainHttp }), 0o644);
  for (const { dir, family } of DEB_HOST_DIRS) writeFile(root, `${dir}/${HOST_MANIFEST_FILE}`, hostManifestJson(family, DEB_HELPER_PATH, { chromeExtensionId, storeExtensionIds }), 0o644);

  const installedKb = Math.ceil(statSync(installed).size / 1024) + 8;
  writeFile(root, 'DEBIAN/control', controlFile(version, publicUrl, installedKb), 0o644);
  writeFile(root, 'DEBIAN/postinst', POSTINST, 0o755);
  // gzip: xz saves a fifth of the size but takes a minute on the 90 MB helper, every build.
  try {
    await run('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z6', '--build', root, outFile], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('dpkg-deb is not installed (Debian: apt-get install dpkg); or leave Linux out: --platforms win-x64,darwin-x64.');
    throw error;
  }
  return outFile;
}
