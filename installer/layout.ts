/**
 * Where `npm run build:helper` puts each thing under its output folder (build/burner/ by default), and the names
 * the files carry. The build writes by these names and the server's /denim routes read by them, so they live in
 * one small module without dependencies (the server imports it).
 */
import type { HelperPlatform } from '../common/burn-protocol.ts';

/** The helper's name on every system, and its installed name on Linux and macOS (Windows adds .exe). */
export const HELPER_NAME = 'tribute-burner';

export const helperFileName = (platform: HelperPlatform): string => (platform === 'win-x64' ? `${HELPER_NAME}.exe` : HELPER_NAME);

/** helper/<platform>/tribute-burner[.exe] and its signed manifest beside it. */
export const helperPath = (platform: HelperPlatform): string => `helper/${platform}/${helperFileName(platform)}`;
export const helperManifestPath = (platform: HelperPlatform): string => `helper/${platform}/manifest.json`;

/** The installers carry the helper's version in their names; the server serves the highest version present. */
export const INSTALLER_NAMES: Record<HelperPlatform, { make: (version: number) => string; pattern: RegExp }> = {
  'linux-x64': { make: (v) => `tribute-burner_${v}_amd64.deb`, pattern: /^tribute-burner_(\d+)_amd64\.deb$/ },
  'win-x64': { make: (v) => `tribute-burner-setup-${v}.exe`, pattern: /^tribute-burner-setup-(\d+)\.exe$/ },
  'darwin-x64': { make: (v) => `tribute-burner-macos-${v}.zip`, pattern: /^tribute-burner-macos-(\d+)\.zip$/ },
};

export const INSTALLER_DIR = 'installer';
export const installerPath = (platform: HelperPlatform, version: number): string => `${INSTALLER_DIR}/${INSTALLER_NAMES[platform].make(version)}`;

/** The per-user Linux install script (served with the server's PUBLIC_URL filled in). */
export const LINUX_USER_INSTALL_PATH = `${INSTALLER_DIR}/linux-user-install.sh`;

/** Every signature is the Ed25519 signature of the file's bytes, base64, in <file>.sig. */
export const signaturePath = (file: string): string => `${file}.sig`;

/** The browser policies for managed computers (installer/policies.ts policyFiles names the files inside). */
export const POLICIES_DIR = 'policies';

/** Extension packages (extension/build.ts writes them under these names). */
export const EXTENSION_FILES = {
  chromeUnpacked: 'extension/chrome',
  firefoxUnpacked: 'extension/firefox',
  chromeZip: 'tribute-burner-chrome.zip',
  chromeCrx: 'tribute-burner-chrome.crx',
  firefoxXpi: 'tribute-burner-firefox.xpi',
} as const;

/**
 * The addons.mozilla.org-signed .xpi of one extension version (npm run release:extensions puts it in the build):
 * release Firefox installs only signed add-ons, so /denim serves it instead of the unsigned .xpi while its version
 * is the build's (a later build of a higher version serves its own unsigned package until that is signed too).
 */
export function firefoxSignedXpi(version: string): string {
  if (!/^\d+(\.\d+){0,3}$/.test(version)) throw new Error(`Not an extension version: ${version}`);
  return `tribute-burner-firefox-${version}-signed.xpi`;
}

/**
 * The line of the per-user script that holds its default server. The build writes the public address it was given;
 * the server rewrites the line with its own PUBLIC_URL when it serves the script.
 */
export const SCRIPT_SERVER_LINE = /^DEFAULT_SERVER='[^'\n]*'$/m;
export const scriptServerLine = (server: string): string => `DEFAULT_SERVER='${server.replace(/'/g, '')}'`;
/**
 * The line holding the download mirrors (DOWNLOAD_ALTERNATES origins, space-separated): the helper may download the
 * disc image from them too, so the window's Download Settings can switch server. The server rewrites it like the
 * server line.
 */
export const SCRIPT_MIRRORS_LINE = /^DEFAULT_MIRRORS='[^'\n]*'$/m;
export const scriptMirrorsLine = (mirrors: readonly string[]): string => `DEFAULT_MIRRORS='${mirrors.join(' ').replace(/'/g, '')}'`;

/** Shown (404) when a /denim file was asked for and the build has not made it. */
export const NOT_BUILT_MESSAGE = 'The DVD burning tool has not been built on this server (npm run build:helper).';

/** The line saying whether the script accepts plain http servers (the server's ALLOW_PLAIN_HTTP); rewritten likewise. */
export const SCRIPT_ALLOW_PLAIN_HTTP_LINE = /^DEFAULT_ALLOW_PLAIN_HTTP='[01]'$/m;
export const scriptAllowPlainHttpLine = (allowed: boolean): string => `DEFAULT_ALLOW_PLAIN_HTTP='${allowed ? 1 : 0}'`;

/**
 * The folder of one address's build under build/burner (BURNER_BUILD_DIR): two servers started from one checkout
 * with different addresses each build and serve their own. The server serves <build dir>/<this name> when present,
 * else the build dir itself (a build made with --out and given to it as BURNER_BUILD_DIR).
 */
export function buildFolderName(publicUrl: string): string {
  return new URL(publicUrl).origin.replace(/^([a-z]+):\/\//, '$1_').replace(/[^A-Za-z0-9.-]+/g, '_');
}
