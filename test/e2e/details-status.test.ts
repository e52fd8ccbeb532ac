import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

/** The card's buttons by their text. */
const cardButtons = (page: Page) => page.$$eval('.MuiCardActions-root a, .MuiCardActions-root button', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));

describe("the details card's slow-generation warning and its Edit once the disc is made", function () {
  this.timeout(240_000);
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];

  const session = staffSession();
  before(async () => {
    ({ app, page, consoleErrors } = session);
  });
  afterEach(() => assert.deepEqual(consoleErrors, [], 'no console errors'));

  it('warns on a queued, unfinished video whose largest slide is over 2 GB, and not once the slide is smaller', async () => {
    const { db } = app.running.deps;
    const video = await makeStaffVideo(app, 'Harold Finch', { date_in_queue: new Date(), finished: false });
    const [slide] = await db('slides').insert({ video_id: video.id, position: 0, orig_path: 'service.mp4', bytes: 3 * 1024 ** 3, is_video: true }).returning('id');
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'domcontentloaded' });
    const warning = await page.waitForSelector('[data-testid="slow-generation"]');
    assert.equal(
      await warning!.evaluate((el) => (el as HTMLElement).innerText.trim()),
      'This video has a very large slide (3.00 GB), so it is slow to make. It may take about 104 seconds longer than usual.',
    );
    await screenshot(page, 'details-slow-generation', 1280);
    await screenshot(page, 'details-slow-generation', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await db('slides').where({ id: (slide as { id: number }).id }).update({ bytes: 2 * 1024 ** 3 });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('::-p-text(Progress)');
    assert.equal(await page.$('[data-testid="slow-generation"]'), null, 'exactly 2 GB does not warn');
  });

  it('shows Edit to staff once the DVD image made after the HD file is done, without reloading the page', async () => {
    const { db } = app.running.deps;
    const video = await makeStaffVideo(app, 'Joan Watson', { date_in_queue: new Date(), finished: true });
    const [dvd] = await db('renders').insert({ video_id: video.id, kind: 'dvd', hash: 'e2e-disc', status: 'rendering', progress: 40, message: 'Making the DVD...' }).returning('id');
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('::-p-text(Progress)');
    assert.ok(!(await cardButtons(page)).includes('Edit'), 'no Edit while the video has no disc');
    await db('renders').where({ id: (dvd as { id: number }).id }).update({ status: 'done', progress: 100, message: '' });
    await db('videos').where({ id: video.id }).update({ dvd_path: `videos/${video.id}/dvd/e2e.iso` });
    await page.waitForFunction(() => [...document.querySelectorAll('.MuiCardActions-root a')].some((a) => (a as HTMLElement).innerText.trim() === 'Edit'), { timeout: 60_000 });
    assert.equal(await page.$eval('.MuiCardActions-root a[href$="/setup"]', (a) => a.getAttribute('href')), `/creator/${video.id}/setup`);
  });
});
