/**
 * Spec 3 section 6: the burn tool is offered only on systems it runs on: Windows 7, 8, 10 or above, with Chrome,
 * Firefox or Edge 79 or later (the helper is a Windows program driven through a browser extension; Edge before 79
 * was not Chromium and has no such extension).
 */
export const BURN_COMPATIBILITY_NOTE = 'Windows 7, 8, 10 or above, and Chrome, Firefox or Edge 79 or later';

export type BurnBrowser = 'chrome' | 'firefox' | 'edge';

/** The browser the burn tool supports from a user agent string, or null when the system cannot run it. */
export function burnBrowser(userAgent: string): BurnBrowser | null {
  // Windows 7 is NT 6.1, 8 is 6.2, 8.1 is 6.3, 10 and 11 report 10.0.
  const windows = /Windows NT (\d+)\.(\d+)/.exec(userAgent);
  if (!windows) return null;
  const [major, minor] = [Number(windows[1]), Number(windows[2])];
  if (major < 6 || (major === 6 && minor < 1)) return null;
  const edge = /\bEdg\/(\d+)/.exec(userAgent);
  if (edge) return Number(edge[1]) >= 79 ? 'edge' : null;
  // EdgeHTML (Edge 18 and before) and Opera also say Chrome/; they have no burn extension.
  if (/\b(Edge|OPR)\//.test(userAgent)) return null;
  if (/\bFirefox\/\d+/.test(userAgent)) return 'firefox';
  if (/\bChrome\/\d+/.test(userAgent)) return 'chrome';
  return null;
}
