import assert from 'node:assert/strict';
import os from 'node:os';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addClip, addPhotos, addTextSlide, eventuallyRow, makeStaffVideo } from './slide-fixtures.ts';

/**
 * The drawers' choosers, the new text slide's drawer and the grid's Set Custom Slide Time (issue 30 items 1 to 7 and
 * 9; spec 2 "Photo editor drawer", "Text slide drawer", "Video slide drawer", "Grid tools", section 4 "Chooser").
 */
describe('the slide drawers’ choosers and the new text slide', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  let photos: number[];
  let textId: number;
  let clipId: number;
  /** Every POST /slides/save the page sent, with its body. */
  const saves: Record<string, unknown>[] = [];

  const db = () => app.running.deps.db;
  const slideRow = (id: number) => db()('slides').where({ id }).first();
  const dialogTitle = (text: string) => page.waitForSelector(`[role="dialog"] h2::-p-text(${text})`);
  const closed = (text: string) => page.waitForSelector(`[role="dialog"] h2::-p-text(${text})`, { hidden: true });
  const eventually = (id: number, ok: (row: Record<string, unknown>) => boolean, what: string) => eventuallyRow(app, id, ok, what);
  /** The id and label of the first tile after Automatic in the open chooser. */
  const firstTile = () =>
    page.$eval('[role="group"] [data-look-id]:not([data-look-id="0"])', (el) => ({ id: Number(el.getAttribute('data-look-id')), label: el.textContent ?? '' }));
  const openSlide = async (id: number, title: string) => {
    await page.goto(`${app.url}/slides/${id}`, { waitUntil: 'networkidle0' });
    await dialogTitle(title);
  };
  const shoot = async (name: string) => {
    await screenshot(page, name, 1280);
    await screenshot(page, name, 375);
    await page.setViewport({ width: 1280, height: 900 });
  };

  const session = staffSession({ watchSignIn: true });
  before(async function () {
    this.timeout(400_000);
    ({ app, page, consoleErrors } = session);
    videoId = (await makeStaffVideo(app, 'Walter Hughes')).id;
    photos = await addPhotos(app, videoId, [{ name: 'Cover.jpg' }, { name: 'Garden.jpg' }, { name: 'Lake.jpg' }]);
    textId = await addTextSlide(app, videoId, 'Always remembered');
    await addTextSlide(app, videoId, 'Gone fishing');
    clipId = await addClip(app, videoId);
    page.setDefaultNavigationTimeout(120_000);
    page.setDefaultTimeout(30_000);
    page.on('request', (r: HTTPRequest) => {
      if (r.url().endsWith('/slides/save') && r.method() === 'POST') saves.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await page.screenshot({ path: `${os.tmpdir()}/slide-editor-choosers-fail-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}.png` });
  });

  it('offers the four choosers in a photo’s drawer, none in the cover photo’s', async () => {
    await openSlide(photos[0], 'Cover Photo');
    assert.equal(await page.$('[aria-label="Photo tools"] ::-p-text(Transition)'), null, 'no choosers for the cover photo');
    await openSlide(photos[1], 'Photo');
    for (const label of ['Transition', 'Effect', 'Overlay', 'Border']) await page.waitForSelector(`[aria-label="Photo tools"] ::-p-text(${label})`);
    await checkAccessibility(page, 'photo drawer with choosers');
    await shoot('slide-drawer-choosers');
  });

  it('saves a changed choice when the chooser is closed with Esc, and for this slide alone', async () => {
    await page.locator('[aria-label="Photo tools"] ::-p-text(Effect)').click();
    await dialogTitle('Choose Effect');
    await page.waitForSelector('[data-look-id="0"][aria-pressed="true"]');
    const tile = await firstTile();
    await page.click(`[data-look-id="${tile.id}"]`);
    await page.keyboard.press('Escape');
    await closed('Choose Effect');
    await eventually(photos[1], (row) => row.effect_id === tile.id && row.user_set_effect === true, 'effect saved on Esc');
    assert.equal((await slideRow(photos[2])).user_set_effect, false, 'the other photo keeps Automatic');
    await page.waitForSelector(`[aria-label="Photo tools"] ::-p-text(${tile.label})`);
    assert.ok(await page.$('[role="dialog"] h2::-p-text(Photo)'), 'Esc closed the chooser only, not the slide');
  });

  it('saves a changed choice on a click outside the chooser', async () => {
    await page.locator('[aria-label="Photo tools"] ::-p-text(Overlay)').click();
    await dialogTitle('Choose Overlay');
    await checkAccessibility(page, 'Choose Overlay');
    await shoot('slide-drawer-choose-overlay');
    const tile = await firstTile();
    await page.click(`[data-look-id="${tile.id}"]`);
    await page.mouse.click(4, 4);
    await closed('Choose Overlay');
    await eventually(photos[1], (row) => row.overlay_id === tile.id && row.user_set_overlay === true, 'overlay saved on a click outside');
  });

  it('sends nothing when the chooser closes unchanged', async () => {
    const from = saves.length;
    await page.locator('[aria-label="Photo tools"] ::-p-text(Border)').click();
    await dialogTitle('Choose Border');
    await page.keyboard.press('Escape');
    await closed('Choose Border');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(saves.length, from);
  });

  it('chooses a video clip’s transition in its drawer', async () => {
    await openSlide(clipId, 'Video Clip');
    await page.locator('[aria-label="Video clip tools"] ::-p-text(Transition)').click();
    await dialogTitle('Choose Transition');
    const tile = await firstTile();
    await page.click(`[data-look-id="${tile.id}"]`);
    await page.locator('[role="dialog"] button::-p-text(Save)').click();
    await eventually(clipId, (row) => row.transition_id === tile.id && row.user_set_transition === true, 'clip transition saved');
  });

  it('chooses a text slide’s transition, and reuses text written before', async () => {
    await openSlide(textId, 'Text Slide');
    await page.locator('[aria-label="Text slide tools"] ::-p-text(Transition)').click();
    await dialogTitle('Choose Transition');
    const tile = await firstTile();
    await page.click(`[data-look-id="${tile.id}"]`, { count: 2 });
    await closed('Choose Transition');
    await page.waitForSelector(`[aria-label="Text slide tools"] ::-p-text(${tile.label})`);
    await eventually(textId, (row) => row.transition_id === tile.id && row.user_set_transition === true, 'text slide transition saved');

    await page.locator('[role="dialog"] button::-p-text(Text Library)').click();
    await page.waitForSelector('::-p-text(The Lord Is My Shepherd)');
    await page.keyboard.press('Escape');
    await page.waitForSelector('::-p-text(The Lord Is My Shepherd)', { hidden: true });
    await page.locator('[role="dialog"] button::-p-text(Reuse Text)').click();
    await dialogTitle('Choose Text');
    await page.locator('[aria-label="Previous texts"] ::-p-text(Gone fishing)').click();
    await closed('Choose Text');
    assert.equal(await page.$eval('[role="dialog"] textarea:not([aria-hidden])', (t) => (t as HTMLTextAreaElement).value), 'Gone fishing');
    await eventually(textId, (row) => row.slide_caption === 'Gone fishing', 'reused text saved');
    await shoot('slide-drawer-text');
  });

  it('says how long ago a photo was uploaded', async () => {
    await openSlide(photos[1], 'Photo');
    await page.locator('::-p-aria(Photo details)').click();
    const details = await page.waitForSelector('[aria-labelledby="inspect-title"]');
    await page.waitForFunction((el) => /Uploaded\s+\d+ (seconds?|minutes) ago/.test((el as HTMLElement).innerText), {}, details);
    await page.locator('[aria-labelledby="inspect-title"] button::-p-text(Close)').click();
  });

  it('sets a custom slide time for the selected slides at once, not the cover photo', async () => {
    await page.goto(`${app.url}/creator/${videoId}/slides`, { waitUntil: 'networkidle0' });
    const tile = (id: number) => `[data-slide-id="${id}"] [role="button"]`;
    await page.waitForSelector(tile(textId));
    await page.click(tile(photos[0]));
    await page.keyboard.down('Control');
    await page.click(tile(photos[2]));
    await page.click(tile(textId));
    await page.keyboard.up('Control');
    await page.click('[data-command="custom-slide-time"]');
    await dialogTitle('Slide Time');
    await page.locator('[role="dialog"] label::-p-text(Slide Time) + div input').fill('4.5');
    await page.locator('[role="dialog"] button::-p-text(Save)').click();
    for (const id of [photos[2], textId]) await eventually(id, (row) => Number(row.slide_time) === 4.5 && row.user_set_slide_time === true, `slide ${id} timed`);
    assert.equal((await slideRow(photos[0])).user_set_slide_time, false, 'the cover photo keeps its time');
  });

  describe('a new text slide', () => {
    let created: number;

    it('shows the font menu, Preview, a disabled Delete, Slide Time and the transition chooser', async () => {
      await page.goto(`${app.url}/creator/${videoId}/slides/new_text`, { waitUntil: 'networkidle0' });
      await dialogTitle('Text Slide');
      await page.locator('[role="dialog"] [role="combobox"]::-p-text(Quicksand Bold)').click();
      const option = await page.waitForSelector('[role="option"]::-p-text(Gentium Basic Regular)');
      assert.match(await option!.evaluate((o) => getComputedStyle(o).fontFamily), /slidefont-Gentium-Basic-Regular/, 'each font is drawn in itself');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role="listbox"]', { hidden: true });
      const deleteButton = await page.waitForSelector('[aria-label="Text slide actions"] ::-p-text(Delete)');
      assert.equal(await deleteButton!.evaluate((el) => el.closest('[role="button"]')?.getAttribute('aria-disabled')), 'true', 'Delete waits for the first save');
      await page.waitForSelector('[aria-label="Text slide actions"] ::-p-text(Preview)');
      await page.waitForSelector('[aria-label="Text slide tools"] ::-p-text(Slide Time)');
      await page.waitForSelector('[aria-label="Text slide tools"] ::-p-text(Transition)');
      await checkAccessibility(page, 'new text slide drawer');
      await shoot('slide-drawer-new-text');
    });

    it('keeps a transition and a slide time chosen before the first save, and sends them with it', async () => {
      const before = await db()('slides').where({ video_id: videoId, is_text: true }).pluck('id');
      await page.locator('[aria-label="Text slide tools"] ::-p-text(Transition)').click();
      await dialogTitle('Choose Transition');
      const tile = await firstTile();
      await page.click(`[data-look-id="${tile.id}"]`, { count: 2 });
      await closed('Choose Transition');
      await page.locator('[aria-label="Text slide tools"] ::-p-text(Slide Time)').click();
      await dialogTitle('Slide Time');
      await page.locator('[role="dialog"] label::-p-text(Slide Time) + div input').fill('7');
      await page.locator('[role="dialog"] button::-p-text(Save)').click();
      await closed('Slide Time');
      await page.locator('[role="dialog"] textarea:not([aria-hidden])').fill('In loving memory');
      const until = Date.now() + 15_000;
      let row: Record<string, unknown> | undefined;
      while (!row && Date.now() < until) {
        row = await db()('slides').where({ video_id: videoId, is_text: true, slide_caption: 'In loving memory' }).whereNotIn('id', before).first();
        if (!row) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(row, 'the new slide was saved');
      created = row.id as number;
      await eventually(created, (r) => r.transition_id === tile.id && r.user_set_transition === true && Number(r.slide_time) === 7 && r.user_set_slide_time === true, 'chosen before the first save');
      await page.waitForSelector('[aria-label="Text slide tools"] ::-p-text(7 seconds)');
    });

    it('previews from the new slide', async () => {
      // The preview's own request is answered here; what matters is that it starts at this slide.
      await page.setRequestInterception(true);
      let asked: Record<string, unknown> | null = null;
      const answer = (r: HTTPRequest) => {
        if (r.isInterceptResolutionHandled()) return;
        if (r.url().endsWith('/partial_preview')) {
          asked = JSON.parse(r.postData() ?? '{}') as Record<string, unknown>;
          void r.respond({ status: 400, contentType: 'application/json', body: JSON.stringify({ errors: ['Stopped by the test.'] }) });
        } else void r.continue();
      };
      page.on('request', answer);
      try {
        await page.locator('[aria-label="Text slide actions"] ::-p-text(Preview)').click();
        await page.waitForSelector('[role="alert"]::-p-text(Stopped by the test.)');
        assert.equal(asked!.node_id, created);
        await page.locator('::-p-aria(Close preview)').click();
        await closed('Preview');
      } finally {
        page.off('request', answer);
        await page.setRequestInterception(false);
      }
      // Chromium logs the refusal this test made up; nothing else may.
      const made = consoleErrors.findIndex((e) => e.includes('status of 400'));
      if (made >= 0) consoleErrors.splice(made, 1);
    });

    it('deletes the new slide once it is saved', async () => {
      const deleteItem = await page.waitForSelector('[aria-label="Text slide actions"] [role="button"]:not([aria-disabled="true"]) ::-p-text(Delete)');
      await deleteItem!.click();
      await page.waitForSelector('::-p-text(You just deleted a slide!)');
      await eventually(created, (row) => row.deleted_at !== null, 'deleted');
    });
  });

  describe('in a browser that cannot play previews', () => {
    it('says so in the spec’s words', async () => {
      const other = await session.context.newPage();
      try {
        await other.setViewport({ width: 1280, height: 900 });
        await other.evaluateOnNewDocument(() => {
          for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) Reflect.deleteProperty(window, name);
          HTMLMediaElement.prototype.canPlayType = () => '';
        });
        await other.goto(`${app.url}/slides/${photos[1]}`, { waitUntil: 'networkidle0' });
        await other.locator('[aria-label="Photo tools"] ::-p-text(Preview)').click();
        await other.waitForFunction(
          () => [...document.querySelectorAll('[role="alert"]')].some((e) => e.textContent === "ERROR: Your browser doesn't appear to support previews. Contact support for help."),
        );
      } finally {
        await other.close();
      }
    });
  });

  // Last, after the nested suites (mocha runs a suite's own tests before its nested ones).
  describe('afterwards', () => {
    it('logged no console errors', () => {
      assert.deepEqual(consoleErrors, []);
    });
  });
});
