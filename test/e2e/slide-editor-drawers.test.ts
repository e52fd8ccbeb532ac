import assert from 'node:assert/strict';
import os from 'node:os';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addClip, addPhotos, addTextSlide, eventuallyRow, makeStaffVideo } from './slide-fixtures.ts';

/** The text and video drawers of the slide editor (issue 14; spec 2 "Text slide drawer", "Video slide drawer"). */
describe('the slide editor drawers', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  let textId: number;
  let clipId: number;
  /** Every POST /slides/save the page sent, with its body and when. */
  const saves: { at: number; body: Record<string, unknown> }[] = [];

  const slideRow = (id: number) => app.running.deps.db('slides').where({ id }).first();
  const dialogTitle = (text: string) => page.waitForSelector(`[role="dialog"] h2::-p-text(${text})`);
  const eventually = (id: number, ok: (row: Record<string, unknown>) => boolean, what: string) => eventuallyRow(app, id, ok, what);
  const idle = () => page.waitForFunction(() => !document.querySelector('[aria-label="Saving"]'));
  /** Replaces a field's text the way a person does: select it all, then type. */
  const retype = async (selector: string, text: string) => {
    const field = await page.waitForSelector(selector);
    await field!.click({ count: 3 });
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type(text);
  };

  const session = staffSession({ watchSignIn: true });
  before(async function () {
    // The app's first start prepares its library; on a busy machine that takes a while.
    this.timeout(400_000);
    ({ app, page, consoleErrors } = session);
    const video = await makeStaffVideo(app, 'Eleanor Price');
    videoId = video.id;
    await addPhotos(app, videoId, [{ name: 'Portrait.jpg' }]);
    textId = await addTextSlide(app, videoId, 'Forever in our hearts');
    clipId = await addClip(app, videoId);
    assert.equal((await slideRow(clipId)).is_video, true, 'the clip was processed as a video slide');
    page.setDefaultNavigationTimeout(120_000);
    page.setDefaultTimeout(30_000);
    page.on('request', (r: HTTPRequest) => {
      if (r.url().endsWith('/slides/save') && r.method() === 'POST') saves.push({ at: Date.now(), body: JSON.parse(r.postData() ?? '{}') as Record<string, unknown> });
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await page.screenshot({ path: `${os.tmpdir()}/slide-editor-drawers-fail-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}.png` });
  });

  describe('a text slide', () => {
    before(async () => {
      await page.goto(`${app.url}/slides/${textId}`, { waitUntil: 'networkidle0' });
      await dialogTitle('Text Slide');
    });

    it('shows the text, size, font, background and slide time, without serious accessibility problems', async () => {
      assert.equal(await page.$eval('[role="dialog"] textarea:not([aria-hidden])', (t) => (t as HTMLTextAreaElement).value), 'Forever in our hearts');
      assert.equal(await page.$eval('[role="dialog"] label::-p-text(Text Size) + div input', (i) => (i as HTMLInputElement).value), '60');
      await page.waitForSelector('[role="dialog"] ::-p-text(Quicksand Bold)');
      await page.waitForSelector('[role="dialog"] ::-p-text(Slate Blue)');
      await page.waitForSelector('[aria-label="Text slide tools"] ::-p-text(Slide Time)');
      await checkAccessibility(page, 'text slide drawer');
      await screenshot(page, 'slide-editor-text-drawer', 1280);
      await screenshot(page, 'slide-editor-text-drawer', 375);
      await page.setViewport({ width: 1280, height: 900 });
    });

    it('sends the text size once, a second after the last key', async () => {
      const from = saves.length;
      await retype('[role="dialog"] label::-p-text(Text Size) + div input', '72');
      const typed = Date.now();
      await new Promise((r) => setTimeout(r, 700));
      assert.equal(saves.length, from, 'nothing is sent while typing goes on');
      await eventually(textId, (row) => Number(row.font_size) === 72, 'text size saved');
      const sent = saves.slice(from);
      assert.equal(sent.length, 1, `one save: ${JSON.stringify(sent)}`);
      assert.equal(sent[0].body.font_size, 72);
      assert.ok(sent[0].at - typed >= 900, `sent ${sent[0].at - typed} ms after the last key`);
      await idle();
    });

    it('refuses a size the server would refuse, saying the range, and sends nothing', async () => {
      const from = saves.length;
      await retype('[role="dialog"] label::-p-text(Text Size) + div input', '5');
      await page.waitForSelector('[role="dialog"] ::-p-text(Enter a size from 8 to 300.)');
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(saves.slice(from).filter((s) => s.body.font_size !== undefined), [], 'no size sent');
      await retype('[role="dialog"] label::-p-text(Text Size) + div input', '72');
      await page.waitForSelector('[role="dialog"] ::-p-text(Enter a size from 8 to 300.)', { hidden: true });
      // The valid size goes out a second later; waited for here, or it lands in the next test's count.
      for (const deadline = Date.now() + 10_000; !saves.slice(from).some((s) => s.body.font_size === 72); ) {
        assert.ok(Date.now() < deadline, 'the restored size is sent');
        await new Promise((r) => setTimeout(r, 50));
      }
      await idle();
    });

    it('sends a new font at once, in the font itself in the menu', async () => {
      const from = saves.length;
      await page.locator('[role="dialog"] [role="combobox"]::-p-text(Quicksand Bold)').click();
      const option = await page.waitForSelector('[role="option"]::-p-text(Gentium Basic Regular)');
      const family = await option!.evaluate((o) => getComputedStyle(o).fontFamily);
      assert.match(family, /slidefont-Gentium-Basic-Regular/, 'the entry is drawn in its font');
      // The preview is the real font file, loaded by the page.
      await page.waitForFunction(() => [...document.fonts].some((f) => f.family.includes('slidefont-Gentium-Basic-Regular') && f.status === 'loaded'));
      await checkAccessibility(page, 'font menu');
      const clicked = Date.now();
      await option!.click();
      // The menu fades out over the fields below; a click meanwhile would land on it.
      await page.waitForSelector('[role="listbox"]', { hidden: true });
      await eventually(textId, (row) => row.font === 'Gentium-Basic-Regular.ttf', 'font saved');
      const sent = saves.slice(from);
      assert.equal(sent.length, 1, `one save: ${JSON.stringify(sent)}`);
      assert.ok(sent[0].at - clicked < 800, `sent ${sent[0].at - clicked} ms after the choice`);
      await idle();
    });

    it('sends a new text background at once', async () => {
      await page.locator('[role="dialog"] [role="combobox"]::-p-text(Slate Blue)').click();
      await page.locator('[role="option"]::-p-text(Soft Cream)').click();
      await page.waitForSelector('[role="listbox"]', { hidden: true });
      await eventually(textId, (row) => Number(row.slide_background) === 4, 'background saved');
      await idle();
    });

    it('sends the text once, a second after the last key, and what is still waiting when the dialog closes', async () => {
      let from = saves.length;
      const text = await page.waitForSelector('[role="dialog"] textarea:not([aria-hidden])');
      await text!.click();
      await page.keyboard.press('End');
      await page.keyboard.type(', always');
      const typed = Date.now();
      await new Promise((r) => setTimeout(r, 700));
      assert.equal(saves.length, from, 'nothing is sent while typing goes on');
      await eventually(textId, (row) => row.slide_caption === 'Forever in our hearts, always', 'text saved');
      const sent = saves.slice(from);
      assert.equal(sent.length, 1, `one save for the whole word: ${JSON.stringify(sent)}`);
      assert.ok(sent[0].at - typed >= 900, `sent ${sent[0].at - typed} ms after the last key`);
      await idle();
      // The save's spinner gives way to Done again; typing goes on in the text (a space on Done would close the dialog).
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'TEXTAREA', 'the text keeps the focus through a save');

      from = saves.length;
      await page.keyboard.type(' and ever');
      await page.locator('[role="dialog"] button::-p-text(Done)').click();
      await page.waitForSelector('[role="dialog"]', { hidden: true });
      await eventually(textId, (row) => row.slide_caption === 'Forever in our hearts, always and ever', 'the waiting text is sent on close');
      assert.equal(saves.length - from, 1);
      const row = await slideRow(textId);
      assert.equal(Number(row.font_size), 72, 'the size is kept');
      assert.equal(row.font, 'Gentium-Basic-Regular.ttf', 'the font is kept');
    });

    it('sets the slide time in its dialog', async () => {
      await page.goto(`${app.url}/slides/${textId}`, { waitUntil: 'networkidle0' });
      await dialogTitle('Text Slide');
      await page.locator('[aria-label="Text slide tools"] ::-p-text(Slide Time)').click();
      await dialogTitle('Slide Time');
      assert.equal(await page.$eval('[role="dialog"] input[type="checkbox"]', (c) => (c as HTMLInputElement).checked), true, 'automatic at first');
      await retype('[role="dialog"] label::-p-text(Slide Time) + div input', 'abc');
      await retype('[role="dialog"] label::-p-text(Slide Time) + div input', '7.5');
      assert.equal(await page.$eval('[role="dialog"] input[type="checkbox"]', (c) => (c as HTMLInputElement).checked), false);
      await checkAccessibility(page, 'slide time dialog');
      await page.locator('[role="dialog"] button::-p-text(Save)').click();
      await eventually(textId, (row) => Number(row.slide_time) === 7.5 && row.user_set_slide_time === true, 'slide time saved');
      await page.waitForSelector('[aria-label="Text slide tools"] ::-p-text(7.5)');
      await idle();
    });
  });

  describe('a text slide on a slow connection', () => {
    it('keeps a background chosen while the text is still being saved', async () => {
      await page.goto(`${app.url}/slides/${textId}`, { waitUntil: 'networkidle0' });
      await dialogTitle('Text Slide');
      const before = (await slideRow(textId)).slide_caption as string;
      await page.emulateNetworkConditions({ download: -1, upload: -1, latency: 1500 });
      try {
        const from = saves.length;
        const text = await page.waitForSelector('[role="dialog"] textarea:not([aria-hidden])');
        await text!.click();
        await page.keyboard.press('End');
        await page.keyboard.type('!');
        await page.waitForFunction(() => document.querySelector('[aria-label="Saving"]') !== null);
        assert.equal(saves.length - from, 1, 'the text is on its way');
        await page.locator('[role="dialog"] [role="combobox"]::-p-text(Soft Cream)').click();
        await page.locator('[role="option"]::-p-text(White)').click();
        await page.waitForSelector('[role="listbox"]', { hidden: true });
        await eventually(textId, (row) => row.slide_caption === `${before}!` && Number(row.slide_background) === 3, 'both the text and the background are saved');
      } finally {
        await page.emulateNetworkConditions(null);
      }
      await idle();
    });

    it('keeps text typed while a font is still being saved', async () => {
      await page.goto(`${app.url}/slides/${textId}`, { waitUntil: 'networkidle0' });
      await dialogTitle('Text Slide');
      const before = (await slideRow(textId)).slide_caption as string;
      // The font's save is out for longer than the text's one-second wait, so the text finds the slide busy.
      await page.emulateNetworkConditions({ download: -1, upload: -1, latency: 2500 });
      try {
        await page.locator('[role="dialog"] [role="combobox"]::-p-text(Gentium Basic Regular)').click();
        await page.locator('[role="option"]::-p-text(Quicksand Bold)').click();
        await page.waitForSelector('[role="listbox"]', { hidden: true });
        await page.waitForFunction(() => document.querySelector('[aria-label="Saving"]') !== null);
        const text = await page.waitForSelector('[role="dialog"] textarea:not([aria-hidden])');
        await text!.click();
        await page.keyboard.press('End');
        await page.keyboard.type('?');
        await eventually(textId, (row) => row.slide_caption === `${before}?` && row.font === 'Quicksand-Bold.ttf', 'both the font and the text are saved');
      } finally {
        await page.emulateNetworkConditions(null);
      }
      await idle();
    });
  });

  describe('a video clip', () => {
    before(async () => {
      await page.goto(`${app.url}/slides/${clipId}`, { waitUntil: 'networkidle0' });
      await dialogTitle('Video Clip');
    });

    it('saves the clip and music volumes as typed, and nothing while a field is wrong', async () => {
      await checkAccessibility(page, 'video drawer');
      await screenshot(page, 'slide-editor-video-drawer', 1280);
      await page.setViewport({ width: 1280, height: 900 });
      await page.locator('[aria-label="Video clip tools"] ::-p-text(Volume)').click();
      await dialogTitle('Volume');
      // On a slow connection the save of '1' is still out while '5' and '0' are typed: the last value must still win.
      await page.emulateNetworkConditions({ download: -1, upload: -1, latency: 400 });
      await retype('[role="dialog"] label::-p-text(Clip volume) + div input', '150');
      await eventually(clipId, (row) => Number(row.clip_volume) === 150, 'clip volume saved');
      await page.emulateNetworkConditions(null);
      await retype('[role="dialog"] label::-p-text(Background music volume) + div input', '40');
      await eventually(clipId, (row) => Number(row.duck_volume) === 40 && Number(row.clip_volume) === 150, 'music volume saved');
      await idle();

      const from = saves.length;
      // A number input takes '-5' as typed; no prefix of it is a volume, so nothing may be sent on the way.
      await retype('[role="dialog"] label::-p-text(Clip volume) + div input', '-5');
      await page.waitForSelector('::-p-text(Enter a volume from 0 to 200%.)');
      await retype('[role="dialog"] label::-p-text(Background music volume) + div input', '30');
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(saves.length - from, 0, `nothing sent while the clip volume is wrong: ${JSON.stringify(saves.slice(from))}`);
      await checkAccessibility(page, 'volume dialog');
      await screenshot(page, 'slide-editor-volume', 1280);
      await page.setViewport({ width: 1280, height: 900 });
      await retype('[role="dialog"] label::-p-text(Clip volume) + div input', '90');
      await eventually(clipId, (row) => Number(row.clip_volume) === 90 && Number(row.duck_volume) === 30, 'both saved once the error is fixed');
      await page.locator('[role="dialog"] button::-p-text(Close)').click();
      await page.waitForSelector('h2::-p-text(Volume)', { hidden: true });
      await page.waitForSelector('[aria-label="Video clip tools"] ::-p-text(Clip 90%, music 30%)');
      await idle();
    });

    it('trims the clip with the frame at the moved end shown, saved once both fields are right', async () => {
      await page.locator('[aria-label="Video clip tools"] ::-p-text(Trimming)').click();
      await dialogTitle('Trimming');
      const frame = await page.waitForSelector('video[aria-label="Frame at the chosen time"]');
      await page.waitForFunction((v) => (v as HTMLVideoElement).readyState >= 1, {}, frame);
      await page.waitForSelector('::-p-text(The clip is 0:03.0 long.)');
      await retype('[role="dialog"] label::-p-text(Start) + div input', '0.5');
      await retype('[role="dialog"] label::-p-text(End) + div input', '9');
      await page.waitForSelector('::-p-text(End must be within the clip.)');
      const from = saves.length;
      await new Promise((r) => setTimeout(r, 1200));
      assert.equal(saves.length - from, 0, 'nothing sent while the end is wrong');
      await retype('[role="dialog"] label::-p-text(End) + div input', '2.2');
      await page.waitForFunction((v) => Math.abs((v as HTMLVideoElement).currentTime - 2.2) < 0.05, {}, frame);
      await checkAccessibility(page, 'trimming dialog');
      await screenshot(page, 'slide-editor-trim', 1280);
      await page.setViewport({ width: 1280, height: 900 });
      await eventually(clipId, (row) => Number(row.clip_start) === 0.5 && Number(row.clip_end) === 2.2, 'trim saved');
      // The slider's end thumb moves the shown frame too.
      const endThumb = await page.waitForSelector('[role="dialog"] input[aria-label="End"]');
      await endThumb!.focus();
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((v) => Math.abs((v as HTMLVideoElement).currentTime - 2.1) < 0.05, {}, frame);
      await eventually(clipId, (row) => Number(row.clip_end) === 2.1, 'trim from the slider saved');
      await page.locator('[role="dialog"] button::-p-text(Close)').click();
      await page.waitForSelector('h2::-p-text(Trimming)', { hidden: true });
    });
  });

  it('logged no console errors', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
