/**
 * The managed install on Debian and Ubuntu (issue 29.2): a small .deb, tribute-burner-browser-policies, that an IT
 * department installs beside tribute-burner on the computers it manages. It holds the browser policies of
 * policies.ts, so Chrome, Chromium and Edge install the burn extension from this server by themselves (no developer
 * mode) and keep it current from the server's update manifest:
 *
 * - /etc/opt/chrome, /etc/chromium and /etc/opt/edge policies/managed/tribute-burner.json: each browser reads every
 *   .json there, so ours stands beside the computer's own policies and goes with the package.
 * - Firefox reads one file, /etc/firefox/policies/policies.json. postinst links it to the package's copy only when
 *   the computer has none; a policies.json of the IT department's own is never replaced: postinst says which
 *   ExtensionSettings entry to add to it. postrm removes only its own link.
 *
 * The helper's .deb suggests this package; per-user installs never touch policy.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverOrigin } from './helper-config.ts';
import { POLICY_DEB_PACKAGE } from '../common/browser-policies.ts';
import { CHROMIUM_POLICY_FILE, FIREFOX_POLICY_FILE, LINUX_CHROMIUM_POLICY_DIRS, chromiumPolicy, firefoxPolicy, json, type PolicyTarget } from './policies.ts';

const run = promisify(execFile);

/** Where the package keeps its Firefox policies.json, which /etc/firefox/policies/policies.json links to. */
export const POLICY_SHARE_DIR = `/usr/share/${POLICY_DEB_PACKAGE}`;
export const POLICY_FIREFOX_COPY = `${POLICY_SHARE_DIR}/firefox-${FIREFOX_POLICY_FILE}`;
export const FIREFOX_SYSTEM_POLICY = `/etc/firefox/policies/${FIREFOX_POLICY_FILE}`;


// Both honour DPKG_ROOT (dpkg sets it when installing into another root), which the tests use.
const POSTINST = `#!/bin/sh
# Firefox reads one policies.json: link it to ours only where the computer has none of its own.
set -e
if [ "$1" = configure ]; then
  target="$DPKG_ROOT${FIREFOX_SYSTEM_POLICY}"
  if [ -L "$target" ] && [ "$(readlink "$target")" = "${POLICY_FIREFOX_COPY}" ]; then
    :
  elif [ -e "$target" ] || [ -L "$target" ]; then
    echo "${POLICY_DEB_PACKAGE}: ${FIREFOX_SYSTEM_POLICY} is this computer's own, so it was left as it is. To install the burn extension in Firefox too, add the ExtensionSettings entry of ${POLICY_FIREFOX_COPY} to it." >&2
  else
    mkdir -p "$(dirname "$target")"
    ln -s "${POLICY_FIREFOX_COPY}" "$target"
  fi
fi
exit 0
`;

const POSTRM = `#!/bin/sh
# Removes the Firefox link postinst made, and the folders it made for it when they are empty; nothing else.
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
  target="$DPKG_ROOT${FIREFOX_SYSTEM_POLICY}"
  if [ -L "$target" ] && [ "$(readlink "$target")" = "${POLICY_FIREFOX_COPY}" ]; then
    rm -f "$target"
    rmdir "$(dirname "$target")" 2>/dev/null || true
    rmdir "$(dirname "$(dirname "$target")")" 2>/dev/null || true
  fi
fi
exit 0
`;

function controlFile(version: number, publicUrl: string): string {
  const origin = serverOrigin(publicUrl);
  return [
    `Package: ${POLICY_DEB_PACKAGE}`,
    `Version: ${version}`,
    'Architecture: all',
    `Maintainer: Tribute <support@${new URL(publicUrl).hostname}>`,
    'Installed-Size: 16',
    'Section: utils',
    'Priority: optional',
    'Enhances: tribute-burner',
    `Homepage: ${origin}`,
    'Description: browser policies that install the Tribute DVD burner extension',
    ` Managed-computer policies for Chrome, Chromium, Edge and Firefox: each installs the Tribute DVD burner`,
    ` extension from ${origin} by itself, without developer mode, and keeps it up to date from there.`,
    '',
  ].join('\n');
}

function writeFile(root: string, file: string, content: string, mode: number): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  writeFileSync(target, content);
  chmodSync(target, mode);
}

export interface PolicyDebOptions extends PolicyTarget {
  version: number;
  /** An empty folder to lay the package out in. */
  stagingDir: string;
  outFile: string;
}

/** Builds the policies .deb at outFile. */
export async function buildPolicyDeb({ chromeExtensionId, publicUrl, version, stagingDir, outFile }: PolicyDebOptions): Promise<string> {
  const root = path.join(stagingDir, 'root');
  mkdirSync(root, { recursive: true, mode: 0o755 });
  chmodSync(root, 0o755);
  const chromium = json(chromiumPolicy({ chromeExtensionId, publicUrl }));
  for (const dir of LINUX_CHROMIUM_POLICY_DIRS) writeFile(root, `${dir}/${CHROMIUM_POLICY_FILE}`, chromium, 0o644);
  writeFile(root, POLICY_FIREFOX_COPY, json(firefoxPolicy({ publicUrl })), 0o644);
  writeFile(root, 'DEBIAN/control', controlFile(version, publicUrl), 0o644);
  writeFile(root, 'DEBIAN/postinst', POSTINST, 0o755);
  writeFile(root, 'DEBIAN/postrm', POSTRM, 0o755);
  mkdirSync(path.dirname(outFile), { recursive: true });
  try {
    await run('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', root, outFile]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('dpkg-deb is not installed (Debian: apt-get install dpkg).');
    throw error;
  }
  return outFile;
}
