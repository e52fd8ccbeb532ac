import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { attachShortestSong, pageCall } from './page-api.ts';
import { staffSession } from './shared.ts';

/** What the calls below answer. */
interface Reply {
  videos?: { id: number; title: string; date_in_queue: string | null }[];
  slides?: unknown[];
}

/** Dialogs fade in; axe reads colours mid-fade as too faint. */
async function waitForDialog(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const container = document.querySelector('.MuiDialog-container');
    return container !== null && getComputedStyle(container).opacity === '1';
  });
}

/** Colour transitions (a button turning enabled, a ripple) finish before axe reads contrast. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/**
 * The page's clock (ms since its navigation started) when the preview dialog's video first plays a frame: checked
 * on every animation frame, so the figure is within one frame of the first frame shown.
 */
async function firstFramePlaying(page: Page, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const video = document.querySelector('[role="dialog"] video') as HTMLVideoElement | null;
      return video && video.currentTime > 0 && !video.paused ? performance.now() : false;
    },
    { timeout, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** The progress row's text on the details card. */
const progressText = (page: Page) =>
  page.evaluate(() => {
    const label = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Progress');
    return label?.nextElementSibling?.textContent ?? '';
  });

describe('finalizing a video: preview, finalize and details', function () {
  this.timeout(240_000);
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;

  const session = staffSession();
  before(async () => {
    ({ app, page, consoleErrors } = session);
    await page.goto(`${app.url}/videos`, { waitUntil: 'networkidle0' });
    const list = await pageCall<Reply>(page, 'GET', '/r/videos/list?context_org=0');
    const video = list.body?.videos?.find((v) => v.title === 'Chloé Dubois');
    assert.ok(video, 'the seeded unfinished video');
    assert.equal(video.date_in_queue, null, 'it has not been finalized');
    videoId = video.id;
    const samples = await pageCall<Reply>(page, 'POST', '/r/slides/add_sample_slides', { video_id: videoId });
    assert.equal(samples.status, 200, 'sample slides added');
    assert.ok((samples.body?.slides?.length ?? 0) > 0);
    // The shortest stock piece, so the licence is asked for; three seconds a slide keeps the render short.
    await attachShortestSong(page, videoId, 3);
  });

  it('opens the preview at once on the Preview step and plays it', async () => {
    // Opening the Preview step opens the preview: the time to its first frame playing is what the user waits.
    await page.goto(`${app.url}/creator/${videoId}/preview`, { waitUntil: 'domcontentloaded' });
    const firstFrameMs = Math.round(await firstFramePlaying(page));
    console.log(`      preview: first frame playing after ${firstFrameMs} ms`);
    assert.ok(firstFrameMs < 30_000, `the preview plays within 30 s of opening (${firstFrameMs} ms)`);
    const started = Date.now();
    await page.waitForFunction(() => ((document.querySelector('[role="dialog"] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5, {
      timeout: 30_000,
    });
    const first = await page.$eval('[role="dialog"] video', (v) => (v as HTMLVideoElement).currentTime);
    await new Promise((r) => setTimeout(r, 1500));
    const later = await page.$eval('[role="dialog"] video', (v) => (v as HTMLVideoElement).currentTime);
    assert.ok(later > first, `playback advances (${first} -> ${later}, started after ${Date.now() - started} ms)`);
    assert.equal(await page.$('[role="dialog"] [role="alert"]'), null, 'no failure shown');
    await waitForDialog(page);
    await checkAccessibility(page, 'preview dialog');
    await screenshot(page, 'preview', 1280);
    await screenshot(page, 'preview', 375);
    await page.setViewport({ width: 1280, height: 900 });

    await page.locator('button[aria-label="Close preview"]').click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    const pressed = await page.evaluate(() => performance.now());
    await page.locator('button::-p-text(Play Preview)').click();
    await page.waitForSelector('[role="dialog"] video');
    // Opened again, the preview is made already: the figure is the player's own start-up.
    const again = await firstFramePlaying(page).then(
      (at) => `${Math.round(at - pressed)} ms`,
      () => 'no frame within 30 s',
    );
    console.log(`      preview (Play Preview pressed again): first frame playing after ${again}`);
    await page.locator('button[aria-label="Close preview"]').click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  });

  it('finalizes the video from the Finalize step and lands on its details', async () => {
    await page.goto(`${app.url}/creator/${videoId}/finalize`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Finalize video)');
    const finalizeDisabled = () => page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Finalize')?.disabled);
    assert.equal(await page.$eval('a[href="/orders/stock_music_eula"]', (a) => a.textContent), 'stock music license agreement(opens in a new tab)');
    assert.equal(await finalizeDisabled(), true, 'the stock music licence must be agreed first');
    await page.locator('input[type="checkbox"]').click();
    assert.equal(await finalizeDisabled(), false);
    await settled(page);
    await checkAccessibility(page, 'finalize page');
    await screenshot(page, 'finalize', 1280);
    await screenshot(page, 'finalize', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('button::-p-text(Finalize)').click();
    await page.waitForFunction((id) => location.pathname === `/videos/${id}/details`, { timeout: 15_000 }, videoId);
    await page.waitForSelector('::-p-text(Chloé Dubois)');
  });

  it('shows the render progress on the details card until it is complete', async () => {
    await page.waitForFunction(() => [...document.querySelectorAll('dt')].some((dt) => dt.textContent === 'Progress'));
    await page.waitForFunction(() => document.querySelector('[role="progressbar"][aria-label="Render progress"]'));
    assert.match(await progressText(page), /^\d+%/, 'a fresh render shows its percent and message');
    await checkAccessibility(page, 'details page while rendering');
    await screenshot(page, 'details-rendering', 1280);
    await screenshot(page, 'details-rendering', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.waitForFunction(
      () => [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Progress')?.nextElementSibling?.textContent === 'Complete',
      { timeout: 150_000, polling: 500 },
    );
    assert.equal(await page.$eval('::-p-text(Download HD)', (el) => el.closest('a')?.getAttribute('aria-disabled')), null, 'the HD file can be downloaded');
    const tabs = await page.$$eval('[role="tab"]', (t) => t.map((tab) => tab.textContent));
    assert.equal(tabs[0], 'Video Details', 'the details page opens on its first tab');
    assert.equal(await page.$eval('[role="tab"][aria-selected="true"]', (tab) => tab.textContent), 'Video Details');
    await checkAccessibility(page, 'details page');
    await screenshot(page, 'details', 1280);
    await screenshot(page, 'details', 375);
    await page.setViewport({ width: 1280, height: 900 });

    await page.locator('button[aria-label="Download HD options"]').click();
    await page.locator('li ::-p-text(More Info)').click();
    await waitForDialog(page);
    const info = await page.$eval('[role="dialog"]', (d) => d.textContent ?? '');
    assert.match(info, /Size: \d+\.\d\d MB/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  });

  it('marks videos that are rendering in the videos list', async () => {
    const list = await pageCall<Reply>(page, 'GET', '/r/videos/list?context_org=0');
    const queued = list.body?.videos?.find((v) => v.title === 'Robert "Bobby" Chen');
    assert.ok(queued);
    await app.running.deps.db('videos').where({ id: queued.id }).update({ date_in_queue: new Date() });
    await page.goto(`${app.url}/videos`, { waitUntil: 'networkidle0' });
    const ringOf = (title: string) =>
      page.evaluate((t) => {
        const row = [...document.querySelectorAll('ul[aria-label="Videos"] li')].find((li) => li.querySelector('a p')?.textContent === t);
        return row ? (row.querySelector('[role="progressbar"][aria-label]')?.getAttribute('aria-label') ?? null) : undefined;
      }, title);
    await page.waitForFunction(() => document.querySelector('ul[aria-label="Videos"] [role="progressbar"][aria-label]'));
    // Queued and not finished: the ring tells its percent and message (or that its render failed, as it has no slides).
    assert.match((await ringOf('Robert "Bobby" Chen')) ?? '', /^(Rendering \d+%|Render failed): ./);
    // The seed's finalized videos are not shown as made until rendered (this test's seed has no photos to render).
    for (const title of ['José Álvarez', 'Margaret Ellen Hughes', 'Anna-Lena Björk']) {
      assert.match((await ringOf(title)) ?? '', /^(Rendering \d+%|Render failed): ./, `${title} is not rendered: it shows a ring`);
    }
    assert.equal(await ringOf('Chloé Dubois'), null, 'finalized just now in this file and rendered: no ring');
    await checkAccessibility(page, 'videos list with a rendering video');
    await screenshot(page, 'videos-rendering', 1280);
    await screenshot(page, 'videos-rendering', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('shows the stock music licence to everyone', async () => {
    const guest = await session.browser.createBrowserContext();
    const reader = await guest.newPage();
    await reader.goto(`${app.url}/orders/stock_music_eula`, { waitUntil: 'networkidle0' });
    assert.equal(await reader.$eval('h1', (h) => h.textContent), 'Stock Music License Agreement');
    assert.match(await reader.$eval('main', (m) => m.textContent ?? ''), /You may not sell, license, give away or publish the music on its own/);
    await checkAccessibility(reader, 'licence page');
    await guest.close();
  });

  it('reports no console errors', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
