import { createHash, randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy of every page of the app (issue 17). Only this origin's own files run: no inline
 * script, no eval, nothing from other sites. What the app needs beyond plain files is named:
 * - styles: MUI writes its CSS into <style> tags through emotion, which puts the page's nonce on each
 *   (web/src/app/style-cache.ts reads it from the page's csp-nonce meta tag), so inline style tags need that nonce
 *   rather than 'unsafe-inline'; React's style props are set through the CSSOM, which a policy does not govern;
 * - blob: and data: images (upload previews, MUI's inline SVG), blob: media and workers (the preview's MediaSource and
 *   hls.js);
 * - the live-sync socket, whose ws:/wss: address 'self' does not cover in every browser (a Host that is not a plain
 *   host name is left out rather than echoed into the header).
 */
export function pageContentSecurityPolicy(host: string, nonce: string): string {
  const socket = /^[A-Za-z0-9.:[\]-]+$/.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${socket}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** A fresh nonce for one page load: 128 random bits, base64 (the policy's nonce-source grammar). */
export const createNonce = (): string => randomBytes(16).toString('base64');

/** The policy source allowing exactly this inline text (a page's one fixed <style> element). */
export const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** HTTPS only, for a year, when the app is served over https (PUBLIC_URL); never sent on a plain http address. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
