/**
 * Spec 3 section 6: the burn tool is offered only on systems and browsers it runs on. The minimums come from
 * common/burn-support.ts (the extension's manifests and the helper's Node), so this rule and the builds agree.
 * The tool is a native helper plus a browser extension: Windows, macOS and 64-bit Linux with Chrome, Edge or
 * Firefox. Phones, tablets and Chrome OS cannot run a native helper; other browsers have no burn extension.
 * A system or browser that is only too old gets Burn DVD, which then says what to upgrade.
 */
import { MIN_CHROME_VERSION, MIN_FIREFOX_VERSION, MIN_MACOS, MIN_MACOS_NAME, MIN_WINDOWS_NAME, MIN_WINDOWS_NT } from '../../../../../common/burn-support.ts';

const BROWSERS_NOTE = `Chrome or Edge ${MIN_CHROME_VERSION} or later, or Firefox ${MIN_FIREFOX_VERSION} or later`;
/** The admin note of the install dialog (the spec's note named Windows 7 and 8, which the helper no longer runs on). */
export const BURN_COMPATIBILITY_NOTE = `${MIN_WINDOWS_NAME} or above, ${MIN_MACOS_NAME} or above and 64-bit Linux, with ${BROWSERS_NOTE}`;
/** The whole rule in one phrase, for warnings to people who are not admins. */
export const BURN_SYSTEMS = `${MIN_WINDOWS_NAME} or above, ${MIN_MACOS_NAME} or above or 64-bit Linux, with ${BROWSERS_NOTE}`;

export type BurnBrowser = 'chrome' | 'firefox' | 'edge';
export type BurnSystem = 'windows' | 'macos' | 'linux';

export type BurnSupport =
  | { kind: 'ok'; system: BurnSystem; browser: BurnBrowser }
  /** A supported system and browser, but a version too old: message says what to upgrade, in plain words. */
  | { kind: 'upgrade'; system: BurnSystem; browser: BurnBrowser | null; upgrade: 'system' | 'browser'; message: string }
  /** Nothing the tool runs on (phone, tablet, Chrome OS, another browser): Burn DVD is not offered. */
  | { kind: 'unsupported' };

const WINDOWS_NAMES: Record<string, string> = { '5.0': 'Windows 2000', '5.1': 'Windows XP', '5.2': 'Windows XP', '6.0': 'Windows Vista', '6.1': 'Windows 7', '6.2': 'Windows 8', '6.3': 'Windows 8.1' };
const MACOS_NAMES: Record<number, string> = { 9: 'Mavericks', 10: 'Yosemite', 11: 'El Capitan', 12: 'Sierra', 13: 'High Sierra', 14: 'Mojave' };
const ELSEWHERE = 'or burn the DVD on another computer';

type SystemFound = { system: BurnSystem; tooOld: string | null } | null;

/** The system from the user agent, and its name when it is too old for the helper. */
function systemOf(userAgent: string): SystemFound {
  // Windows 7 is NT 6.1, 8 is 6.2, 8.1 is 6.3; 10 and 11 both report 10.0.
  const windows = /Windows NT (\d+)\.(\d+)/.exec(userAgent);
  if (windows) {
    const tooOld = Number(windows[1]) < MIN_WINDOWS_NT ? (WINDOWS_NAMES[`${windows[1]}.${windows[2]}`] ?? `Windows NT ${windows[1]}.${windows[2]}`) : null;
    return { system: 'windows', tooOld };
  }
  // iPhones and iPads say "like Mac OS X" (an iPad asking for the desktop site looks like Safari on a Mac, which
  // is not offered either). Chrome and Firefox freeze newer Macs at 10.15, so only older ones show their version.
  if (/iPhone|iPad|iPod|CriOS|FxiOS|EdgiOS/.test(userAgent)) return null;
  const mac = /Mac OS X (\d+)[._](\d+)/.exec(userAgent);
  if (mac) {
    const [major, minor] = [Number(mac[1]), Number(mac[2])];
    const old = major < MIN_MACOS[0] || (major === MIN_MACOS[0] && minor < MIN_MACOS[1]);
    return { system: 'macos', tooOld: old ? `macOS ${major}.${minor}${major === 10 && MACOS_NAMES[minor] ? ` (${MACOS_NAMES[minor]})` : ''}` : null };
  }
  // The Linux helper is x86_64 only; Android and Chrome OS say Linux too but cannot run it.
  if (/\bLinux x86_64\b/.test(userAgent) && !/Android|CrOS/.test(userAgent)) return { system: 'linux', tooOld: null };
  return null;
}

/** How to update each browser, as its own menus say it. */
const UPDATE_STEPS: Record<BurnBrowser, string> = {
  chrome: "open Chrome's menu (the three dots at the top right), choose Help, then About Google Chrome; Chrome updates itself and asks you to relaunch it",
  edge: "open Edge's menu (the three dots at the top right), choose Help and feedback, then About Microsoft Edge; Edge updates itself and asks you to restart it",
  firefox: "open Firefox's menu (the three lines at the top right), choose Help, then About Firefox; Firefox updates itself and asks you to restart it",
};
const BROWSER_NAMES: Record<BurnBrowser, string> = { chrome: 'Google Chrome', edge: 'Microsoft Edge', firefox: 'Firefox' };

/** Where the burn tool runs for this user agent, and when it is too old, what to upgrade. */
export function burnSupport(userAgent: string): BurnSupport {
  const found = systemOf(userAgent);
  if (!found) return { kind: 'unsupported' };
  const { system } = found;
  let browser: BurnBrowser | null = null;
  let version = 0;
  let legacyEdge = false;
  const edge = /\bEdg\/(\d+)/.exec(userAgent);
  const firefox = /\bFirefox\/(\d+)/.exec(userAgent);
  const chrome = /\bChrome\/(\d+)/.exec(userAgent);
  if (edge) [browser, version] = ['edge', Number(edge[1])];
  else if (/\bEdge\/\d+/.test(userAgent)) [browser, legacyEdge] = ['edge', true];
  // Opera, Samsung Internet and Yandex also say Chrome/; they have no burn extension.
  else if (/\b(OPR|SamsungBrowser|YaBrowser)\//.test(userAgent)) return { kind: 'unsupported' };
  else if (firefox) [browser, version] = ['firefox', Number(firefox[1])];
  else if (chrome) [browser, version] = ['chrome', Number(chrome[1])];
  else return { kind: 'unsupported' };

  // The system first: an old Windows or macOS cannot run the helper, and cannot run a new enough browser either.
  if (found.tooOld) {
    const needs = system === 'windows' ? `${MIN_WINDOWS_NAME} or 11` : `${MIN_MACOS_NAME} or later`;
    const who = system === 'windows' ? 'Please ask whoever looks after your computers to upgrade Windows' : 'Please update macOS (Apple menu, System Preferences, Software Update)';
    return {
      kind: 'upgrade',
      system,
      browser,
      upgrade: 'system',
      message: `This computer runs ${found.tooOld}, which is too old for the DVD burning tool: it needs ${needs}. ${who}, ${ELSEWHERE}.`,
    };
  }
  if (legacyEdge) {
    return {
      kind: 'upgrade',
      system,
      browser,
      upgrade: 'browser',
      message: `This is the old Microsoft Edge, which cannot use the DVD burning extension. Please install the new Microsoft Edge (from microsoft.com/edge) or Google Chrome and open this page in it, ${ELSEWHERE}.`,
    };
  }
  const min = browser === 'firefox' ? MIN_FIREFOX_VERSION : MIN_CHROME_VERSION;
  if (version < min) {
    return {
      kind: 'upgrade',
      system,
      browser,
      upgrade: 'browser',
      message: `This browser is ${BROWSER_NAMES[browser]} ${version}, which is too old for the DVD burning extension: it needs version ${min} or later. To update it, ${UPDATE_STEPS[browser]}. Then press Burn DVD again.`,
    };
  }
  return { kind: 'ok', system, browser };
}

/** The system the burn tool runs on for this user agent, or null when it is not offered as is. */
export function burnSystem(userAgent: string): BurnSystem | null {
  const support = burnSupport(userAgent);
  return support.kind === 'ok' ? support.system : null;
}

/** The browser the burn tool runs in for this user agent, or null when it is not offered as is. */
export function burnBrowser(userAgent: string): BurnBrowser | null {
  const support = burnSupport(userAgent);
  return support.kind === 'ok' ? support.browser : null;
}
