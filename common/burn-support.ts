/**
 * Where the DVD burning tool runs, in one place: the web app's compatibility rule (Burn DVD, the install dialog,
 * the admin note, the order page) and the builds read these, so the offer and the builds cannot drift apart.
 *
 * - Browsers: the extension's own manifests hold the minimums (Chrome's minimum_chrome_version, Firefox's
 *   strict_min_version); they are read here, never repeated. Why those numbers: see docs/architecture.md
 *   ("The burn protocol and the extension").
 * - Systems: the helper is a Node single executable of the build's Node (20.x). Node 20 runs on Windows 10 and later
 *   (it dropped 7, 8 and 8.1); its darwin-x64 binary is built for macOS 10.15 and later (its LC_BUILD_VERSION
 *   minos, which installer/macho.ts reads and the build checks against MIN_MACOS); Linux only as x86_64.
 */
import chromeManifest from '../extension/manifest.chrome.json' with { type: 'json' };
import firefoxManifest from '../extension/manifest.firefox.json' with { type: 'json' };

/** Chrome and Edge (Chromium, same version numbers): the Chrome build's minimum_chrome_version. */
export const MIN_CHROME_VERSION = Number.parseInt(chromeManifest.minimum_chrome_version, 10);
/** Firefox: the Firefox build's strict_min_version (its major number). */
export const MIN_FIREFOX_VERSION = Number.parseInt(firefoxManifest.browser_specific_settings.gecko.strict_min_version, 10);

/** Windows 10 and 11 both say "Windows NT 10.0". */
export const MIN_WINDOWS_NT = 10;
export const MIN_WINDOWS_NAME = 'Windows 10';
/** macOS 10.15 (Catalina), as [major, minor]. */
export const MIN_MACOS: readonly [number, number] = [10, 15];
export const MIN_MACOS_NAME = 'macOS 10.15 (Catalina)';
