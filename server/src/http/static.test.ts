import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { errorMiddleware } from './errors.ts';
import { familyContentSecurityPolicy, isFamilyLinkPage, isPageNavigation, spaMiddleware } from './static.ts';

const INDEX = '<!doctype html><html><head><meta name="referrer" content="same-origin" /></head><body><div id="root"></div></body></html>';

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
    writeFileSync(path.join(webDir, 'assets', 'main-ABC.js'), 'console.log(1);');
    const app = new Koa();
    // As in app.ts: the error middleware turns a thrown 404 into the API's JSON body.
    app.use(errorMiddleware);
    app.use(spaMiddleware(webDir));
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

  it('gives a family link page no referrer and a policy that loads nothing from other sites', async () => {
    for (const url of ['/creator/AbCdEf123/slides', '/creator/AbCdEf123/setup', '/creator/AbCdEf123/finish']) {
      const res = await page(url).set('Host', 'tribute.example:8080').expect(200);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
      assert.match(res.text, /<meta name="referrer" content="no-referrer"/);
      assert.doesNotMatch(res.text, /same-origin/, url);
      const csp = directives(String(res.headers['content-security-policy']));
      assert.deepEqual(csp.get('default-src'), ["'self'"], url);
      assert.deepEqual(csp.get('script-src'), ["'self'"], 'no inline or foreign scripts');
      // MUI (emotion) writes <style> tags and style attributes.
      assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"]);
      assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:']);
      assert.deepEqual(csp.get('media-src'), ["'self'", 'blob:']);
      assert.deepEqual(csp.get('worker-src'), ["'self'", 'blob:']);
      assert.deepEqual(csp.get('connect-src'), ["'self'", 'ws://tribute.example:8080', 'wss://tribute.example:8080'], 'the live socket of this host only');
      assert.deepEqual(csp.get('object-src'), ["'none'"]);
      assert.deepEqual(csp.get('frame-ancestors'), ["'self'"]);
      // No directive names another site, or any scheme-wide source beyond data: and blob:.
      for (const [name, values] of csp) {
        for (const value of values) {
          const allowed = value.startsWith("'") || value === 'data:' || value === 'blob:' || /^wss?:\/\/tribute\.example:8080$/.test(value);
          assert.ok(allowed, `${name} ${value}`);
        }
      }
    }
  });

  it('leaves a strange Host out of the policy rather than echo it', () => {
    const csp = directives(familyContentSecurityPolicy('evil.example; script-src *'));
    assert.deepEqual(csp.get('connect-src'), ["'self'"]);
    assert.deepEqual(csp.get('script-src'), ["'self'"]);
  });

  it('keeps staff pages as they were: same-origin referrer, no family policy', async () => {
    for (const url of ['/creator/42/slides', '/creator/new', '/dashboard']) {
      const res = await page(url).expect(200);
      assert.equal(res.headers['referrer-policy'], 'same-origin', url);
      assert.equal(res.headers['content-security-policy'], undefined, url);
      assert.match(res.text, /<meta name="referrer" content="same-origin"/);
    }
  });

  it('serves assets by name with a long cache and never index.html for the API', async () => {
    const res = await request(server).get('/assets/main-ABC.js').expect(200);
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
      assert.equal(res.text, INDEX, url);
    }
  });
});
