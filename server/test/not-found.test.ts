import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const INDEX = '<!doctype html><html><head><meta name="referrer" content="same-origin" /></head><body><div id="root"></div></body></html>';

/**
 * Issue #10, "a 404 that is a 404": an address nothing answers gets the API's JSON 404, the same body a missing
 * object gives; only a browser opening one of the app's pages gets the app.
 */
describe('addresses that do not exist', () => {
  let h: Harness;
  let webDir: string;
  let code: string;
  let videoId: number;
  const WEB_BYTES = Buffer.from('the finished web video');

  before(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    h = await startHarness({ webDir });
    const user = await makeUser(h.deps);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, date_in_queue: new Date() });
    code = video.video_code;
    videoId = video.id;
    // A finished web video, so the real download route under /downloads/ has a file to serve.
    const key = `videos/${video.id}/renders/web.mp4`;
    await h.deps.repos.storage.write(key, WEB_BYTES);
    await h.deps.db('renders').insert({ video_id: video.id, kind: 'web', hash: 'h', status: 'done', file_key: key, finished_at: new Date() });
  });
  after(async () => {
    await h.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** What a route answers for a missing object: the body every unknown address must give too. */
  async function missingObjectBody(): Promise<unknown> {
    const res = await h.request().get('/downloads/video/0123456789abcdef/web.mp4').expect(404);
    return res.body;
  }

  it('answers the JSON 404 of a missing object to unknown downloads, stationeries, helper files, media and API calls', async () => {
    const expected = await missingObjectBody();
    assert.deepEqual(expected, { errors: ['Not found'] });
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const misses = [
      h.request().get(`/downloads/video/${code}/dvd.iso`).set('Accept', html),
      h.request().get(`/downloads/video/${code}/nothing`).set('Accept', html),
      h.request().get(`/stationeries/dvd_label/${code}.pdf`).set('Accept', html),
      h.request().get(`/stationeries/dvd_jacket/${code}.jpg`),
      h.request().get('/denim/download_resource/no_such_thing').set('Accept', html),
      h.request().get('/media/slides/1/big.jpg').set('Accept', html),
      h.request().get('/favicon.ico').set('Accept', html),
      h.request().get('/assets/main-NOPE.js').set('Accept', html),
      h.request().get('/r/no/such/call'),
      h.request().get('/r/no/such/call').set('Accept', html),
      h.request().post('/r/no/such/call').send({}),
      h.request().get('/dashboard').set('Accept', 'application/json'),
    ];
    for (const res of await Promise.all(misses)) {
      const what = `${res.request.method} ${res.request.url}`;
      assert.equal(res.status, 404, what);
      assert.match(String(res.headers['content-type']), /^application\/json/, what);
      assert.deepEqual(res.body, expected, what);
    }
  });

  it('still serves the real download under /downloads/', async () => {
    const res = await h.request().get(`/downloads/video/${code}/web.mp4`).buffer(true).expect(200);
    assert.match(String(res.headers['content-type']), /^video\/mp4/);
    assert.deepEqual(Buffer.from(res.body as Buffer), WEB_BYTES);
  });

  it('still gives a browser the app for its pages', async () => {
    for (const url of ['/dashboard', `/videos/${videoId}/details`, '/no/such/page']) {
      const res = await h.request().get(url).set('Accept', 'text/html').expect(200);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      // As the build wrote it, plus this load's CSP nonce (http/content-security-policy.ts).
      assert.equal(res.text.replace(/\n {4}<meta name="csp-nonce" content="[^"]+" \/>/, ''), INDEX, url);
    }
  });
});
