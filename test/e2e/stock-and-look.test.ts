import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { stockClipLibrary, type StockVideoRow } from '../../server/src/services/stock-clip-library.service.ts';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

const tileButton = (id: number) => `[data-slide-id="${id}"] [role="button"]`;

/** Both widths of a dialog, then back to the desktop width. */
async function shoot(page: Page, name: string) {
  await screenshot(page, name, 1280);
  await screenshot(page, name, 375);
  await page.setViewport({ width: 1280, height: 900 });
}

describe('stock texts, stock clips and the look choosers', function () {
  this.timeout(600_000);
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  let photos: number[];
  let clips: StockVideoRow[];

  // The file's own organization on the shared app, its staff user signed in (the console watched from the sign-in on).
  const session = staffSession({ watchSignIn: true });
  before(async () => {
    ({ app, page, consoleErrors } = session);
    const { db } = app.running.deps;
    // Two clips placed now (from the machine's cache after a first run); the rest are the background's to make.
    const library = stockClipLibrary({ db, storage: app.running.deps.repos.storage });
    clips = await db('stock_videos').whereIn('generator', ['sky-drifting-clouds', 'particles-stars']).orderBy('id');
    for (const row of clips) await library.make(row);
    videoId = (await makeStaffVideo(app, 'Margaret Lane')).id;
    photos = await addPhotos(app, videoId, [{ name: 'one.jpg' }, { name: 'two.jpg' }, { name: 'three.jpg' }, { name: 'four.jpg' }]);
  });

  it('chooses a transition for three slides with a double click', async () => {
    await page.goto(`${app.url}/creator/${videoId}/slides`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(tileButton(photos[3]));
    await page.click(tileButton(photos[1]));
    await page.keyboard.down('Control');
    await page.click(tileButton(photos[2]));
    await page.click(tileButton(photos[3]));
    await page.keyboard.up('Control');
    await page.click('[data-command="custom-transition"]');
    await page.waitForSelector('::-p-text(Choose Transition)');
    await page.waitForSelector('[data-look-id="0"][aria-pressed="true"]');
    await checkAccessibility(page, 'Choose Transition');
    await shoot(page, 'look-choose-transition');
    const crossfade = await page.$$eval('[data-look-id]', (els) => els.find((e) => e.textContent === 'Crossfade')?.getAttribute('data-look-id'));
    await page.click(`[data-look-id="${crossfade}"]`, { count: 2 });
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    const rows = await app.running.deps.db('slides').whereIn('id', photos).orderBy('position');
    assert.deepEqual(rows.map((r) => [r.transition_id, r.user_set_transition]), [[0, false], [Number(crossfade), true], [Number(crossfade), true], [Number(crossfade), true]]);
  });

  it('customizes the look from More Tools', async () => {
    await page.locator('::-p-text(More Tools)').click();
    await page.locator('[role="menuitem"]::-p-text(Customize Look)').click();
    await page.waitForSelector('::-p-text(Also use on future videos)');
    await checkAccessibility(page, 'Customize Look');
    await shoot(page, 'look-customize');
    await page.locator('[role="tab"]::-p-text(Background)').click();
    const black = await page.$$eval('[data-look-id]', (els) => els.find((e) => e.textContent === 'Black')?.getAttribute('data-look-id'));
    await page.click(`[data-look-id="${black}"]`);
    await page.waitForFunction(async (id) => {
      const r = await fetch(`/r/slides/customizations?video_id=${id}`);
      return (await r.json()).background === 3;
    }, { polling: 200, timeout: 10_000 }, videoId);
    await page.locator('button::-p-text(Done)').click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  });

  it('adds two stock clips', async () => {
    await page.locator('button::-p-text(Add Stock Videos)').click();
    await page.waitForSelector(`[data-stock-video-id="${clips[1].id}"] img`);
    await checkAccessibility(page, 'Stock Videos');
    await page.click(`[data-stock-video-id="${clips[0].id}"]`);
    await page.click(`[data-stock-video-id="${clips[1].id}"]`);
    await page.waitForSelector('button::-p-text(Add 2 Clips)');
    await shoot(page, 'stock-videos');
    await page.locator('button::-p-text(Add 2 Clips)').click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 120_000 });
    const added = await app.running.deps.db('slides').where({ video_id: videoId }).whereNotNull('stock_video_id').orderBy('position');
    assert.deepEqual(added.map((s) => s.stock_video_id), [clips[0].id, clips[1].id]);
    await page.waitForFunction((n) => document.querySelectorAll('[data-slide-id]').length === n, { timeout: 120_000 }, 6);
  });

  it('makes a text slide from the text library', async () => {
    await page.locator('::-p-text(Add Text Slide)').click();
    await page.locator('button::-p-text(Text Library)').click();
    await page.waitForSelector('::-p-text(The Lord Is My Shepherd)');
    await checkAccessibility(page, 'Text Library');
    await page.locator('input[type="search"]').fill('lord shepherd');
    await page.locator('button::-p-text(The Lord Is My Shepherd)').click();
    await page.waitForSelector('::-p-text(He restoreth my soul)');
    await shoot(page, 'stock-text');
    await page.locator('button::-p-text(Use Text)').click();
    await page.waitForFunction(
      async (id) => {
        const r = await fetch(`/slides/slide_list/${id}`);
        return (await r.json()).slides.some((s: { is_text: boolean; slide_caption: string }) => s.is_text && s.slide_caption.startsWith('The Lord is my shepherd'));
      },
      { polling: 500, timeout: 20_000 },
      videoId,
    );
    await page.locator('button::-p-text(Reuse Text)').click();
    await page.waitForSelector('::-p-text(Choose Text)');
    await checkAccessibility(page, 'Choose Text');
    await page.locator('button::-p-text(Cancel)').click();
    assert.deepEqual(consoleErrors, []);
  });
});
