import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHarness, type Harness } from './harness.ts';

/** Issue 17: the headers every answer carries, from the whole app (app.ts), not the static middleware alone. */
describe('security headers', () => {
  let webDir: string;
  const harnesses: Harness[] = [];
  before(() => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><meta name="referrer" content="same-origin" /></head><body></body></html>');
  });
  after(async () => {
    for (const h of harnesses) await h.close();
    rmSync(webDir, { recursive: true, force: true });
  });
  const start = async (publicUrl: string) => {
    const h = await startHarness({ webDir, publicUrl });
    harnesses.push(h);
    return h;
  };

  it('asks for https for a year on every answer when the app is served over https, and never over plain http', async () => {
    const secure = await start('https://tribute.example');
    for (const url of ['/users/login', '/r/navbar', '/no/such.file']) {
      const res = await secure.request().get(url).set('Accept', 'text/html');
      assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
    }
    const plain = await start('http://127.0.0.1:8080');
    const page = await plain.request().get('/users/login').set('Accept', 'text/html').expect(200);
    assert.equal(page.headers['strict-transport-security'], undefined);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self';/);
  });
});
