import type { Context, Next } from 'koa';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { notFound } from './errors.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

/**
 * A page opened through a family upload link: /creator/{securityHash}/... (a creator path whose second segment is
 * neither a video id nor 'new'). Its address is the family's key, so it must never travel on as a referrer.
 */
export function isFamilyLinkPage(pathname: string): boolean {
  const [, first, second] = pathname.split('/');
  return first === 'creator' && Boolean(second) && !/^\d+$/.test(second) && second !== 'new';
}

/**
 * The Content-Security-Policy of a family link page: it loads nothing from other sites. Everything comes from this
 * origin; what the app needs beyond plain files is named: emotion's <style> tags and style attributes (MUI), blob:
 * and data: images (upload previews, MUI's inline SVG), blob: media and workers (the preview's MediaSource and
 * hls.js), and the live-sync socket, whose ws:/wss: address 'self' does not cover in every browser.
 */
export function familyContentSecurityPolicy(host: string): string {
  const socket = /^[A-Za-z0-9.:[\]-]+$/.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
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

/** Where the API, downloads and files live: nothing under these is ever one of the app's pages. */
const NOT_PAGES = ['/r', '/downloads', '/stationeries', '/denim', '/media', '/assets'];

/**
 * Whether a request that no route answered is a browser opening one of the app's pages, so it gets index.html:
 * a GET (or HEAD) that accepts HTML, outside the API and file prefixes, whose last segment has no dot (a file name
 * such as dvd.iso or label.pdf; the app's own paths never have one). Anything else that found nothing is a 404.
 */
export function isPageNavigation(method: string, pathname: string, acceptsHtml: boolean): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || !acceptsHtml) return false;
  if (NOT_PAGES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  return !/\.[^/]*$/.test(pathname);
}

/**
 * Serves the built single-page app: files under /assets/ by name (long-cached, names carry a hash),
 * and index.html for every other GET that a browser navigates to, so client routes survive a reload.
 * Every other request that found nothing answers the API's own 404 body ({errors: ['Not found']}), so a missing
 * download or an unknown API call is never a 200 with the app's page in it.
 */
export function spaMiddleware(webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path.startsWith('/assets/')) {
      const file = path.join(webDir, path.normalize(ctx.path).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(webDir + path.sep) && existsSync(file) && statSync(file).isFile()) {
        ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
        ctx.length = statSync(file).size;
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        ctx.body = createReadStream(file);
        return;
      }
    }
    if (!isPageNavigation(ctx.method, ctx.path, Boolean(ctx.accepts('html')))) throw notFound();
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const family = isFamilyLinkPage(ctx.path);
    ctx.set('Referrer-Policy', family ? 'no-referrer' : 'same-origin');
    if (family) ctx.set('Content-Security-Policy', familyContentSecurityPolicy(ctx.host));
    // The page's own referrer meta tag would win over the header, so a family page gets it rewritten too.
    ctx.body = family ? readFileSync(indexFile, 'utf8').replace(/<meta name="referrer" content="[^"]*"/, '<meta name="referrer" content="no-referrer"') : createReadStream(indexFile);
  };
}
