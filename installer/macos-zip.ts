/**
 * The macOS installer: a zip holding one folder with the helper (an x86_64 single executable, unsigned: see
 * helper-executable.ts), install.sh (the per-user script, which copies the helper to
 * ~/Library/Application Support/TributeBurner, signs it ad hoc with the Mac's codesign, and registers it for
 * Google Chrome, Chromium, Microsoft Edge and Firefox), uninstall.sh and a short README. Unix modes are stored in
 * the zip, so Archive Utility and unzip keep the scripts and helper executable.
 */
import { readFileSync } from 'node:fs';
import yazl from 'yazl';
import { zipBuffer } from '../scripts/lib/zip-buffer.ts';
import type { InstallerContents } from './host-manifest.ts';
import { HELPER_NAME } from './layout.ts';
import { userInstallScript } from './user-script.ts';

const UNINSTALL = `#!/usr/bin/env bash
# Removes the Tribute DVD burner and everything install.sh added.
exec bash "$(cd "$(dirname "$0")" && pwd)/install.sh" --uninstall "$@"
`;

const readme = (publicUrl: string): string => `Tribute DVD burner for macOS

Lets the Tribute web app (${publicUrl}) burn DVDs from Google Chrome, Microsoft Edge, Chromium and Firefox.

Install: open Terminal, drag install.sh into it and press Return (or run: bash install.sh).
Remove:  run uninstall.sh the same way.

It installs for your user only, in ~/Library/Application Support/TributeBurner, and registers itself in the
NativeMessagingHosts folders of your browsers. Install the Tribute DVD Burner browser extension too.
`;

/** The host manifests allow this installation's Chrome extension id and the store copies' (host-manifest.ts). */
export type MacZipOptions = InstallerContents;

export function buildMacZip({ helper, chromeExtensionId, storeExtensionIds, version, publicUrl, mirrors, allowPlainHttp }: MacZipOptions): Promise<Buffer> {
  const folder = `tribute-burner-macos-${version}`;
  const mtime = new Date('2020-01-01T00:00:00Z');
  const zip = new yazl.ZipFile();
  zip.addBuffer(readFileSync(helper), `${folder}/${HELPER_NAME}`, { mtime, mode: 0o100755 });
  zip.addBuffer(Buffer.from(userInstallScript({ publicUrl, chromeExtensionId, storeExtensionIds, mirrors, helperVersion: version, bundled: true, allowPlainHttp })), `${folder}/install.sh`, { mtime, mode: 0o100755 });
  zip.addBuffer(Buffer.from(UNINSTALL), `${folder}/uninstall.sh`, { mtime, mode: 0o100755 });
  zip.addBuffer(Buffer.from(readme(publicUrl)), `${folder}/README.txt`, { mtime, mode: 0o100644 });
  return zipBuffer(zip);
}
