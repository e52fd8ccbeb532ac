/**
 * What the build fixes in the extension (esbuild define in extension/build.ts): the product's PUBLIC_URL, whose
 * origin is the only one the extension talks to, and the browser the build is for.
 */
import type { ExtensionBrowser } from '../../common/burn-protocol.ts';

declare const __BURN_PUBLIC_URL__: string;
declare const __BURN_BROWSER__: ExtensionBrowser;

/** PUBLIC_URL without a trailing slash; the burn window is `${PUBLIC_URL}/burn/{id}`. */
export const PUBLIC_URL: string = __BURN_PUBLIC_URL__.replace(/\/+$/, '');
/** The product's origin (scheme, host and port): pages of any other origin get no answer. */
export const PUBLIC_ORIGIN: string = new URL(PUBLIC_URL).origin;
export const BROWSER: ExtensionBrowser = __BURN_BROWSER__;
