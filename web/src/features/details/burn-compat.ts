/**
 * Spec 3 section 6: the burn tool is offered only on systems it runs on. The spec's admin note names Windows 7, 8,
 * 10 or above with Chrome, Firefox or Edge 79 or later; the tool (a native helper plus a browser extension) now
 * also runs on macOS and Linux, with the same browsers. Edge before 79 was not Chromium and has no such extension;
 * phones, tablets and Chrome OS cannot run a native helper.
 */
export const BURN_COMPATIBILITY_NOTE = 'Windows 7, 8, 10 or above, and Chrome, Firefox or Edge 79 or later';
/** The rest of the rule, said after the spec's note so the note stays true. */
export const BURN_COMPATIBILITY_MORE = 'The tool also runs on macOS and Linux with the same browsers.';
/** The whole rule in one phrase, for warnings to people who are not admins. */
export const BURN_SYSTEMS = 'Windows 7 or above, macOS or Linux, with Chrome, Firefox or Edge 79 or later';

export type BurnBrowser = 'chrome' | 'firefox' | 'edge';
export type BurnSystem = 'windows' | 'macos' | 'linux';

/** The system the burn tool supports from a user agent string, or null when it cannot run there. */
export function burnSystem(userAgent: string): BurnSystem | null {
  // Windows 7 is NT 6.1, 8 is 6.2, 8.1 is 6.3, 10 and 11 report 10.0.
  const windows = /Windows NT (\d+)\.(\d+)/.exec(userAgent);
  if (windows) {
    const [major, minor] = [Number(windows[1]), Number(windows[2])];
    return major > 6 || (major === 6 && minor >= 1) ? 'windows' : null;
  }
  // iPads ask for the desktop site as "Macintosh" too, but say Mobile/ and have touch: they have no helper.
  if (/Macintosh|Mac OS X/.test(userAgent) && !/iPhone|iPad|Mobile\//.test(userAgent)) return 'macos';
  if (/\b(X11|Linux)\b/.test(userAgent) && !/Android|CrOS/.test(userAgent)) return 'linux';
  return null;
}

/** The browser the burn tool supports from a user agent string, or null when the system cannot run it. */
export function burnBrowser(userAgent: string): BurnBrowser | null {
  if (burnSystem(userAgent) === null) return null;
  const edge = /\bEdg\/(\d+)/.exec(userAgent);
  if (edge) return Number(edge[1]) >= 79 ? 'edge' : null;
  // EdgeHTML (Edge 18 and before) and Opera also say Chrome/; they have no burn extension.
  if (/\b(Edge|OPR)\//.test(userAgent)) return null;
  if (/\bFirefox\/\d+/.test(userAgent)) return 'firefox';
  if (/\bChrome\/\d+/.test(userAgent)) return 'chrome';
  return null;
}
