/**
 * The burn flow end to end, with every real part: the product server (behind a small HTTP proxy that can cut an ISO
 * download half way), the burner build of installer/build.ts (helper, extension, per-user install script), the
 * helper installed by that script into a temporary HOME as a user would, its virtual burner, and Debian's Chromium
 * or firefox-esr with the unpacked extension. Nothing here stands in for a part: the proxy only forwards bytes.
 */
export * from './burn-app.ts';
export * from './burn-build.ts';
export * from './burn-helper.ts';
export * from './burn-browser.ts';
