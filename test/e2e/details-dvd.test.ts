import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { makeFinishedVideo } from './finished-video.ts';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe('Download DVD on the details page', function () {
  this.timeout(480_000);
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let video: { id: number; videoCode: string };
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'tribute-e2e-downloads-'));

  // The file's own organization on the shared app (its DVD standard is changed below), in a browser context of its own.
  const session = staffSession();
  before(async () => {
    ({ app, page, consoleErrors } = session);
    video = await makeFinishedVideo(app, page, 'Margaret "Peggy" Lowell');
    const cdp = await page.createCDPSession();
    // For the file's browser context: without its id the behaviour would be the default context's.
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true, browserContextId: session.context.id });
  });
  after(() => {
    rmSync(downloads, { recursive: true, force: true });
  });

  it('prepares the disc with its progress shown, then downloads the image the server published', async () => {
    // An NTSC organization's disc is authored with the HD video, ready before anyone asks; a PAL disc is made when
    // asked for, in a pass of its own, which is the wait this shows.
    const { db: database } = app.running.deps;
    const { organization_id: organization } = await database('videos').where({ id: video.id }).first('organization_id');
    await database('organizations').where({ id: organization }).update({ dvd_standard: 'pal' });
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await page.locator('button::-p-text(Download DVD)').click();
    await page.waitForSelector('[role="progressbar"][aria-label="DVD finalize progress"]');
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]')?.textContent?.startsWith('Finalizing DVD'));
    await screenshot(page, 'details-dvd-finalizing', 1280);
    await screenshot(page, 'details-dvd-finalizing', 375);
    await page.setViewport({ width: 1280, height: 900 });
    const { db } = app.running.deps;
    const file = await new Promise<string>((resolve, reject) => {
      const deadline = Date.now() + 180_000;
      const look = () => {
        const done = readdirSync(downloads).find((name) => name.endsWith('.iso'));
        if (done) resolve(path.join(downloads, done));
        else if (Date.now() > deadline) {
          void Promise.all([db('renders').where({ video_id: video.id, kind: 'dvd' }).select('id', 'status', 'message', 'error'), db.raw(`SELECT name, state, data, output FROM pgboss.job WHERE name = 'dvd.build'`)]).then(([renders, jobs]) =>
            reject(new Error(`the DVD image was not downloaded: ${JSON.stringify(renders)} ${JSON.stringify((jobs as { rows: unknown[] }).rows)}`)),
          );
        } else setTimeout(look, 500);
      };
      look();
    });
    assert.equal(path.basename(file), 'Margaret Peggy Lowell (DVD).iso');
    const published = await page.evaluate(async (id) => {
      const res = await fetch('/downloads/iso', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ video_id: id }) });
      return (await res.json()) as { sha256: string; iso_size: number };
    }, video.id);
    const bytes = readFileSync(file);
    assert.equal(bytes.length, published.iso_size);
    assert.equal(createHash('sha256').update(bytes).digest('hex'), published.sha256);
    await page.waitForFunction(() => !document.querySelector('[aria-label="DVD finalize progress"]'));
    assert.equal(await page.$('[role="alert"]'), null, 'no error shown');
  });

  it('lists the download servers and explains the disc in More Info', async () => {
    await page.locator('button[aria-label="Download DVD options"]').click();
    await page.waitForSelector('[role="menu"] ::-p-text(Primary)');
    await settled(page);
    await screenshot(page, 'details-dvd-menu', 1280);
    await page.locator('[role="menu"] li ::-p-text(More Info)').click();
    await page.waitForSelector('[role="dialog"]');
    await settled(page);
    const info = await page.$eval('[role="dialog"]', (d) => d.textContent ?? '');
    assert.match(info, /About the DVD/);
    assert.match(info, /Size: \d+\.\d\d MB/);
    await checkAccessibility(page, 'DVD info dialog');
    await screenshot(page, 'details-dvd-info', 1280);
    await screenshot(page, 'details-dvd-info', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    await page.locator('button[aria-label="Download HD options"]').click();
    await page.waitForSelector('[role="menu"] ::-p-text(Primary)');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="menu"]'));
    await screenshot(page, 'details-dvd-ready', 1280);
    await screenshot(page, 'details-dvd-ready', 375);
    assert.deepEqual(consoleErrors, []);
  });
});
