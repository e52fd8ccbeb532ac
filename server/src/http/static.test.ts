import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import supertest from 'supertest';
import { isFamilyLinkPage, spaMiddleware } from './static.ts';

describe('family link pages', () => {
  it('are creator pages addressed by a hash, not by a video id or new', () => {
    assert.equal(isFamilyLinkPage('/creator/AbC_d-12345678901234567890123456/slides'), true);
    assert.equal(isFamilyLinkPage('/creator/AbC_d-12345678901234567890123456/finish'), true);
    assert.equal(isFamilyLinkPage('/creator/42/slides'), false);
    assert.equal(isFamilyLinkPage('/creator/new'), false);
    assert.equal(isFamilyLinkPage('/creator/'), false);
    assert.equal(isFamilyLinkPage('/videos/abc/details'), false);
  });

  describe('served by the single-page app', () => {
    let dir: string;
    let request: ReturnType<typeof supertest>;
    before(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-web-'));
      writeFileSync(path.join(dir, 'index.html'), '<html><head><meta name="referrer" content="same-origin" /></head><body></body></html>');
      const app = new Koa();
      app.use(spaMiddleware(dir));
      request = supertest(app.callback());
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('send no referrer at all, by header and by meta tag', async () => {
      const res = await request.get('/creator/AbC_d-12345678901234567890123456/slides').set('Accept', 'text/html').expect(200);
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(res.text, /<meta name="referrer" content="no-referrer" \/>/);
      assert.doesNotMatch(res.text, /same-origin/);
    });

    it('leave staff pages at same-origin', async () => {
      const res = await request.get('/creator/42/link').set('Accept', 'text/html').expect(200);
      assert.equal(res.headers['referrer-policy'], 'same-origin');
      assert.match(res.text, /content="same-origin"/);
    });
  });
});
