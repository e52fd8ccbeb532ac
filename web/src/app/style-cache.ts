import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The emotion cache MUI writes its styles through, carrying the page's CSP nonce: the server allows inline <style>
 * tags only with the nonce it wrote into this page's csp-nonce meta tag and policy (server/src/http/content-security-policy.ts).
 * Without the tag (a test page, the watch build opened from a file) there is no nonce and no policy asking for one.
 */
export function createStyleCache(): EmotionCache {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
  return createCache({ key: 'css', nonce });
}
