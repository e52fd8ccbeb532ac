import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import request from 'supertest';
import { errorMiddleware } from './errors.ts';
import { pageContentSecurityPolicy } from './content-security-policy.ts';
import { chooseEncoding, isFamilyLinkPage, isPageNavigation, spaMiddleware } from './static.ts';

const INDEX = '<!doctype html><html><head><meta name="referrer" content="same-origin" /></head><body><div id="root"></div></body></html>';

/** A page as the build wrote it: without the csp-nonce meta tag the server adds to each load. */
const withoutNonce = (body: string) => body.replace(/\n {4}<meta name="csp-nonce" content="[^"]+" \/>/, '');

/** The directives of a Content-Security-Policy header by name. */
function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('static files and the single-page app', () => {
  let webDir: string;
  let server: ReturnType<Koa['callback']>;

  before(() => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-static-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'assets', 'main-ABCD2345.js'), 'console.log(1);');
    const app = new Koa();
    // As in app.ts: the error middleware turns a thrown 404 into the API's JSON body.
    app.use(errorMiddleware);
    app.use(spaMiddleware(webDir));
    // As in app.ts: supertest may close the socket once it has Content-Length bytes, before the file stream ends.
    app.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(err);
    });
    server = app.callback();
  });
  after(() => rmSync(webDir, { recursive: true, force: true }));

  const page = (url: string) => request(server).get(url).set('Accept', 'text/html');

  it('knows a family link page from a staff creator page', () => {
    assert.equal(isFamilyLinkPage('/creator/AbCd_-9/slides'), true);
    assert.equal(isFamilyLinkPage('/creator/AbCd/setup'), true);
    assert.equal(isFamilyLinkPage('/creator/AbC_d-12345678901234567890123456/finish'), true);
    assert.equal(isFamilyLinkPage('/creator/'), false);
    assert.equal(isFamilyLinkPage('/creator/42/slides'), false);
    assert.equal(isFamilyLinkPage('/creator/new'), false);
    assert.equal(isFamilyLinkPage('/videos'), false);
  });

  it('gives every page a policy that loads nothing from other sites, with a fresh style nonce each load', async () => {
    const nonces = new Set<string>();
    for (const url of ['/creator/AbCdEf123/slides', '/creator/AbCdEf123/setup', '/creator/42/slides', '/dashboard', '/settings/users']) {
      const res = await page(url).set('Host', 'tribute.example:8080').expect(200);
      const csp = directives(String(res.headers['content-security-policy']));
      assert.deepEqual(csp.get('default-src'), ["'self'"], url);
      assert.deepEqual(csp.get('script-src'), ["'self'"], 'no inline or foreign scripts, no eval');
      // MUI (emotion) writes <style> tags: only those carrying this load's nonce, which the page hands the app.
      const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})" \/>/.exec(res.text)?.[1];
      assert.ok(nonce, url);
      assert.deepEqual(csp.get('style-src'), ["'self'", `'nonce-${nonce}'`], url);
      nonces.add(nonce);
      assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:']);
      assert.deepEqual(csp.get('media-src'), ["'self'", 'blob:']);
      assert.deepEqual(csp.get('worker-src'), ["'self'", 'blob:']);
      assert.deepEqual(csp.get('connect-src'), ["'self'", 'ws://tribute.example:8080', 'wss://tribute.example:8080'], 'the live socket of this host only');
      assert.deepEqual(csp.get('object-src'), ["'none'"]);
      assert.deepEqual(csp.get('frame-ancestors'), ["'self'"]);
      // No directive names another site, or any scheme-wide source beyond data: and blob:; nothing unsafe.
      for (const [name, values] of csp) {
        for (const value of values) {
          const allowed = (value.startsWith("'") && !value.startsWith("'unsafe")) || value === 'data:' || value === 'blob:' || /^wss?:\/\/tribute\.example:8080$/.test(value);
          assert.ok(allowed, `${name} ${value}`);
        }
      }
    }
    assert.equal(nonces.size, 5, 'never the same nonce twice');
  });

  it('leaves a strange Host out of the policy rather than echo it', () => {
    const csp = directives(pageContentSecurityPolicy('evil.example; script-src *', 'abc'));
    assert.deepEqual(csp.get('connect-src'), ["'self'"]);
    assert.deepEqual(csp.get('script-src'), ["'self'"]);
  });

  it('gives a family link page no referrer, and staff pages the same-origin referrer', async () => {
    for (const url of ['/creator/AbCdEf123/slides', '/creator/AbCdEf123/setup', '/creator/AbCdEf123/finish']) {
      const res = await page(url).expect(200);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
      assert.match(res.text, /<meta name="referrer" content="no-referrer"/);
      assert.doesNotMatch(res.text, /same-origin/, url);
    }
    for (const url of ['/creator/42/slides', '/creator/new', '/dashboard']) {
      const res = await page(url).expect(200);
      assert.equal(res.headers['referrer-policy'], 'same-origin', url);
      assert.match(res.text, /<meta name="referrer" content="same-origin"/);
    }
  });

  it('serves assets by name with a long cache and never index.html for the API', async () => {
    const res = await request(server).get('/assets/main-ABCD2345.js').expect(200);
    assert.match(String(res.headers['cache-control']), /immutable/);
    await request(server).get('/assets/missing-XYZ.js').expect(404);
    await page('/r/videos/1').expect(404);
  });

  it('knows a page navigation from a request for a file or an API call', () => {
    for (const url of ['/dashboard', '/', '/creator/42/slides', '/creator/AbCd_-9/slides/7', '/users/reset_password/Ab-c_9', '/videos/3/details']) {
      assert.equal(isPageNavigation('GET', url, true), true, url);
      assert.equal(isPageNavigation('HEAD', url, true), true, url);
      assert.equal(isPageNavigation('GET', url, false), false, `${url} without text/html`);
      assert.equal(isPageNavigation('POST', url, true), false, `POST ${url}`);
    }
    for (const url of [
      '/downloads/video/abc/dvd.iso',
      '/downloads/video/abc',
      '/downloads',
      '/stationeries/dvd_label/abc.pdf',
      '/stationeries/dvd_jacket/abc',
      '/denim/download_resource/installer',
      '/media/anything',
      '/r/no/such/call',
      '/r',
      '/assets/main-ABC',
      '/dashboard.json',
      '/favicon.ico',
      '/creator/42/.env',
    ]) {
      assert.equal(isPageNavigation('GET', url, true), false, url);
    }
    // A prefix is a whole segment: a page whose name merely begins like one is still a page.
    assert.equal(isPageNavigation('GET', '/mediation', true), true);
    assert.equal(isPageNavigation('GET', '/rubbish', true), true);
    // The install guide is a page at /denim itself; what is below it stays files.
    assert.equal(isPageNavigation('GET', '/denim', true), true);
    assert.equal(isPageNavigation('GET', '/denim/', true), false);
  });

  it('answers the API JSON 404 to anything not found that is not a page navigation', async () => {
    const notFound = { errors: ['Not found'] };
    const misses = [
      page('/downloads/video/abc/dvd.iso'),
      page('/stationeries/dvd_label/abc.pdf'),
      page('/denim/download_resource/installer'),
      page('/media/slides/1/big.jpg'),
      page('/assets/missing-XYZ.js'),
      page('/some/page.html'),
      page('/r/no/such/call'),
      request(server).get('/r/no/such/call'),
      request(server).get('/dashboard').set('Accept', 'application/json'),
      request(server).post('/dashboard').set('Accept', 'text/html'),
      request(server).delete('/r/no/such/call'),
    ];
    for (const res of await Promise.all(misses)) {
      const what = `${res.request.method} ${res.request.url}`;
      assert.equal(res.status, 404, what);
      assert.match(String(res.headers['content-type']), /^application\/json/, what);
      assert.deepEqual(res.body, notFound, what);
    }
  });

  it('still answers a page navigation with the app, whatever the client route', async () => {
    for (const url of ['/dashboard', '/no/such/page', '/users/login']) {
      const res = await page(url).expect(200);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      assert.equal(withoutNonce(res.text), INDEX, url);
    }
  });
});

describe('precompressed static files', () => {
  const SCRIPT = `export const slides = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `slide ${i}`))};\n`;
  const PAGE = `${INDEX}\n<!-- ${'app '.repeat(100)}-->\n`;
  let webDir: string;
  let server: Server;
  let base: string;

  /** A plain HTTP request: no client in between that would decompress the body or add headers of its own. */
  function fetchRaw(url: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  before(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-static-'));
    mkdirSync(path.join(webDir, 'assets'));
    // As the build writes them: each text file with its brotli and gzip copies beside it.
    for (const [file, body] of [
      ['index.html', PAGE],
      ['assets/main-ABCD2345.js', SCRIPT],
      ['assets/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ]) {
      writeFileSync(path.join(webDir, file), body);
      writeFileSync(path.join(webDir, `${file}.br`), zlib.brotliCompressSync(body));
      writeFileSync(path.join(webDir, `${file}.gz`), zlib.gzipSync(body));
    }
    writeFileSync(path.join(webDir, 'assets', 'chunk-WXYZ6789.js'), SCRIPT); // one the build left uncompressed
    const app = new Koa();
    app.use(errorMiddleware);
    app.use(spaMiddleware(webDir));
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('prefers brotli, then gzip, whatever order the browser lists them in', () => {
    assert.equal(chooseEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
    assert.equal(chooseEncoding('GZip'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(chooseEncoding('gzip;q=0, *'), 'br');
    assert.equal(chooseEncoding('*;q=0, gzip'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0'), undefined);
    assert.equal(chooseEncoding('identity'), undefined);
    assert.equal(chooseEncoding(''), undefined);
    assert.equal(chooseEncoding(undefined), undefined);
  });

  it('sends the brotli copy to a browser that accepts it, with the copy\'s length and the file\'s type', async () => {
    const res = await fetchRaw('/assets/main-ABCD2345.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /Accept-Encoding/i);
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.ok(res.body.length < Buffer.byteLength(SCRIPT) / 2, 'smaller than the plain file');
    assert.equal(zlib.brotliDecompressSync(res.body).toString(), SCRIPT);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('sends gzip when brotli is not accepted, and the plain file when neither is', async () => {
    const gz = await fetchRaw('/assets/main-ABCD2345.js', { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gz.body).toString(), SCRIPT);
    assert.equal(Number(gz.headers['content-length']), gz.body.length);
    const plainOnly: Record<string, string>[] = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of plainOnly) {
      const plain = await fetchRaw('/assets/main-ABCD2345.js', headers);
      assert.equal(plain.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.equal(plain.body.toString(), SCRIPT);
      assert.equal(Number(plain.headers['content-length']), Buffer.byteLength(SCRIPT));
      assert.match(String(plain.headers.vary), /Accept-Encoding/i, 'a shared cache must not hand this to a brotli client');
    }
  });

  it('keeps a Range request and a file without copies on the plain file', async () => {
    const ranged = await fetchRaw('/assets/main-ABCD2345.js', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-9' });
    assert.equal(ranged.headers['content-encoding'], undefined);
    assert.equal(ranged.body.toString(), SCRIPT);
    const lone = await fetchRaw('/assets/chunk-WXYZ6789.js', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(lone.status, 200);
    assert.equal(lone.headers['content-encoding'], undefined);
    assert.equal(lone.body.toString(), SCRIPT);
  });

  it('answers HEAD with the headers of the copy it would send and no body', async () => {
    const res = await fetchRaw('/assets/main-ABCD2345.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(Number(res.headers['content-length']), zlib.brotliCompressSync(SCRIPT).length);
    assert.equal(res.body.length, 0);
  });

  it('caches only hashed names for ever; a file copied under its own name is asked again within the hour', async () => {
    const icon = await fetchRaw('/assets/favicon.svg', { 'Accept-Encoding': 'br' });
    assert.equal(icon.headers['cache-control'], 'public, max-age=3600');
    assert.equal(icon.headers['content-type'], 'image/svg+xml');
    assert.equal(icon.headers['content-encoding'], 'br');
  });

  it('sends the page compressed (made for this load, with its nonce) and never cached without asking', async () => {
    const res = await fetchRaw('/dashboard', { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
    assert.equal(withoutNonce(zlib.brotliDecompressSync(res.body).toString()), PAGE);
    const gz = await fetchRaw('/dashboard', { Accept: 'text/html', 'Accept-Encoding': 'gzip' });
    assert.equal(withoutNonce(zlib.gunzipSync(gz.body).toString()), PAGE);
    const family = await fetchRaw('/creator/AbCdEf123/slides', { Accept: 'text/html' });
    assert.equal(family.headers['content-encoding'], undefined);
    assert.equal(family.headers['cache-control'], 'no-cache');
    assert.match(family.body.toString(), /<meta name="referrer" content="no-referrer"/);
  });

  it('still answers the API 404 for a missing asset, whatever the client accepts', async () => {
    const res = await fetchRaw('/assets/missing-ABCD2345.js', { Accept: 'text/html', 'Accept-Encoding': 'br' });
    assert.equal(res.status, 404);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(res.body.toString()), { errors: ['Not found'] });
  });
});
