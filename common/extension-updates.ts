/**
 * Self-hosted extension updates (issue 29.2), written once for the build (the manifests' update_url) and the
 * server (the answers):
 *
 * - Chrome and Edge read a gupdate XML from the manifest's update_url and install the .crx named by codebase when
 *   its version is higher than the installed one (https://developer.chrome.com/docs/extensions/how-to/distribute/host-on-linux).
 * - Firefox reads an updates.json from browser_specific_settings.gecko.update_url; update_hash (sha256:) is the
 *   .xpi's hash, which Firefox checks (https://extensionworkshop.com/documentation/manage/updating-your-extension/).
 *
 * Both answers come from the build being served, so a build with a higher version is offered at once.
 */
import { DENIM_PATHS } from './helper-update.ts';

export const EXTENSION_UPDATE_PATHS = {
  chrome: '/denim/updates/chrome.xml',
  firefox: '/denim/updates/firefox.json',
} as const;

const origin = (publicUrl: string): string => new URL(publicUrl).origin;

/** The update_url the Chrome build carries. */
export const chromeUpdateUrl = (publicUrl: string): string => origin(publicUrl) + EXTENSION_UPDATE_PATHS.chrome;
/** The gecko update_url the Firefox build carries. */
export const firefoxUpdateUrl = (publicUrl: string): string => origin(publicUrl) + EXTENSION_UPDATE_PATHS.firefox;
/** Where the packages themselves are downloaded (the /denim routes). */
export const chromePackageUrl = (publicUrl: string): string => origin(publicUrl) + DENIM_PATHS.chromeExtension;
export const firefoxPackageUrl = (publicUrl: string): string => origin(publicUrl) + DENIM_PATHS.firefoxExtension;

const xmlAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Chrome's version strings: one to four dot-separated whole numbers. */
const VERSION = /^\d{1,9}(\.\d{1,9}){0,3}$/;

function checkVersion(version: string): void {
  if (!VERSION.test(version)) throw new Error(`Not an extension version: ${version}`);
}

export interface ChromeUpdate {
  extensionId: string;
  version: string;
  /** The .crx's address. */
  codebase: string;
}

/** The gupdate answer offering one .crx. */
export function chromeUpdateXml({ extensionId, version, codebase }: ChromeUpdate): string {
  if (!/^[a-p]{32}$/.test(extensionId)) throw new Error(`Not a Chrome extension id: ${extensionId}`);
  checkVersion(version);
  return [
    "<?xml version='1.0' encoding='UTF-8'?>",
    "<gupdate xmlns='http://www.google.com/update2/response' protocol='2.0'>",
    `  <app appid='${extensionId}'>`,
    `    <updatecheck codebase='${xmlAttribute(codebase)}' version='${version}' />`,
    '  </app>',
    '</gupdate>',
    '',
  ].join('\n');
}

export interface FirefoxUpdate {
  addonId: string;
  version: string;
  /** The .xpi's address. */
  updateLink: string;
  /** The .xpi's SHA-256, hex. */
  sha256: string;
}

/** The updates.json answer offering one .xpi. */
export function firefoxUpdateManifest({ addonId, version, updateLink, sha256 }: FirefoxUpdate): { addons: Record<string, { updates: unknown[] }> } {
  checkVersion(version);
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
  return { addons: { [addonId]: { updates: [{ version, update_link: updateLink, update_hash: `sha256:${sha256}` }] } } };
}
