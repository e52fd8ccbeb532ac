import type { Context, Next } from 'koa';
import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createNonce, pageContentSecurityPolicy } from './content-security-policy.ts';
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

/** The copies the build writes beside each text file (scripts/build.ts), in the order they are preferred. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** Files the build compresses: only these vary by Accept-Encoding. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);

/**
 * The content coding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none. The server's
 * preference decides, not the header's order (browsers list gzip first); a coding with q=0 is refused, and `*`
 * stands for any coding the header does not name.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return PRECOMPRESSED.find((p) => accepted(p.encoding))?.encoding;
}

/**
 * Hands a file to Koa: its precompressed copy when the build made one and the client accepts it (never for a Range
 * request, which stays on the plain file), with the file's own Content-Type, the copy's length, and Vary so a cache
 * keeps the codings apart.
 */
function sendFile(ctx: Context, file: string, stats: Stats): void {
  ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  let chosen = { file, size: stats.size };
  if (COMPRESSIBLE.has(path.extname(file))) {
    ctx.vary('Accept-Encoding');
    const encoding = ctx.get('Range') ? undefined : chooseEncoding(ctx.get('Accept-Encoding'));
    const copy = `${file}${PRECOMPRESSED.find((p) => p.encoding === encoding)?.suffix}`;
    if (encoding && existsSync(copy)) {
      chosen = { file: copy, size: statSync(copy).size };
      ctx.set('Content-Encoding', encoding);
    }
  }
  ctx.length = chosen.size;
  ctx.body = createReadStream(chosen.file);
}

/** esbuild's content-hashed names (main-ABCD1234.js, chunk-ABCD1234.js and their maps): safe to keep for ever. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9.]+$/;

/** Where the API, downloads and files live: nothing under these is ever one of the app's pages. */
const NOT_PAGES = ['/r', '/api', '/downloads', '/stationeries', '/denim', '/media', '/assets'];
/** Pages whose address is one of those prefixes itself: /denim is the DVD burning tool's install guide, its files below it. */
const PREFIX_PAGES = ['/denim'];

/**
 * Whether a request that no route answered is a browser opening one of the app's pages, so it gets index.html:
 * a GET (or HEAD) that accepts HTML, outside the API and file prefixes, whose last segment has no dot (a file name
 * such as dvd.iso or label.pdf; the app's own paths never have one). Anything else that found nothing is a 404.
 */
export function isPageNavigation(method: string, pathname: string, acceptsHtml: boolean): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || !acceptsHtml) return false;
  if (PREFIX_PAGES.includes(pathname)) return true;
  if (NOT_PAGES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  return !/\.[^/]*$/.test(pathname);
}

/** index.html as the build last wrote it, read again only when its file changes (a rebuild under a running server). */
let indexCache: { file: string; mtimeMs: number; html: string } | undefined;
function readIndex(file: string): string {
  const { mtimeMs } = statSync(file);
  if (indexCache?.file !== file || indexCache.mtimeMs !== mtimeMs) indexCache = { file, mtimeMs, html: readFileSync(file, 'utf8') };
  return indexCache.html;
}

/**
 * Sends the app's page with a policy of its own: a fresh nonce for MUI's style tags, written into the policy and into
 * a csp-nonce meta tag the app reads (web/src/app/style-cache.ts). A family link page's address is the family's key,
 * so it must never travel on as a referrer; the page's own referrer meta tag would win over the header, so it is
 * rewritten too. Being different on every load, the page is compressed here (a few KB, well under a millisecond).
 */
function sendPage(ctx: Context, html: string): void {
  const nonce = createNonce();
  const referrer = isFamilyLinkPage(ctx.path) ? 'no-referrer' : 'same-origin';
  ctx.status = 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('Referrer-Policy', referrer);
  ctx.set('Content-Security-Policy', pageContentSecurityPolicy(ctx.host, nonce));
  const page = Buffer.from(
    html
      .replace(/<meta name="referrer" content="[^"]*"/, `<meta name="referrer" content="${referrer}"`)
      .replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`),
  );
  ctx.vary('Accept-Encoding');
  const encoding = chooseEncoding(ctx.get('Accept-Encoding'));
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = encoding === 'br' ? zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? zlib.gzipSync(page) : page;
}

/**
 * Serves the built single-page app: files under /assets/ by name (a year and immutable when the name carries a
 * hash, an hour for the few copied as they are, such as the favicon), and index.html, never cached without asking
 * again, for every other GET that a browser navigates to, so client routes survive a reload. Both come precompressed
 * when the client accepts it (sendFile).
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
      const stats = file.startsWith(webDir + path.sep) && existsSync(file) ? statSync(file) : undefined;
      if (stats?.isFile()) {
        ctx.status = 200;
        ctx.set('Cache-Control', HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        sendFile(ctx, file, stats);
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
    sendPage(ctx, readIndex(indexFile));
  };
}
