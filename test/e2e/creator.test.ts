import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { checkAccessibility, OUTPUT_DIR, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addPhotos } from './slide-fixtures.ts';

/** Spec 1, section 2.1: creator pages are at most 1000 px wide (CREATOR_MAX_WIDTH in web/src/features/creator/CreatorFrame.tsx). */
const CREATOR_MAX_WIDTH = 1000;
const THROTTLED = { download: 200_000, upload: 100_000, latency: 400 };
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

/** Dialogs fade in; axe reads colours mid-fade as too faint. */
async function waitForDialog(page: Page | Frame, selector = '.MuiDialog-container'): Promise<void> {
  await page.waitForFunction((s) => {
    const containers = [...document.querySelectorAll(s)];
    return containers.length > 0 && containers.every((c) => getComputedStyle(c).opacity === '1');
  }, {}, selector);
}

const pathOf = (page: Page) => page.evaluate(() => location.pathname);

/** Some steps open a dialog of their own (the preview plays at once); close them to reach Back and Next. */
async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 5 && (await page.$('.MuiDialog-root')); i++) {
    await page.keyboard.press('Escape');
    await settle(300);
  }
}
const activeStep = (page: Page) => page.$eval('nav[aria-label="Creator steps"] [aria-current="step"]', (el) => el.getAttribute('data-step'));

async function dismissAlert(page: Page, text: string): Promise<void> {
  await page.waitForSelector(`[role="alert"]::-p-text(${text})`);
  await page.locator('[role="dialog"] button::-p-text(OK)').click();
  await page.waitForFunction(() => !document.querySelector('#app-alert-text'));
}

async function waitForSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[role="status"][aria-live="polite"]')?.textContent === 'All changes saved.', { timeout: 30_000 });
}

/** Counts the setup saves in flight, to prove there is never more than one. */
function watchSaves(page: Page) {
  let inFlight = 0;
  const seen = { max: 0, total: 0 };
  const isSave = (method: string, url: string) => (method === 'POST' || method === 'PATCH') && /\/r\/videos(\/\d+)?$/.test(new URL(url).pathname);
  page.on('request', (req) => {
    if (!isSave(req.method(), req.url())) return;
    inFlight += 1;
    seen.total += 1;
    seen.max = Math.max(seen.max, inFlight);
  });
  const done = (req: { method(): string; url(): string }) => {
    if (isSave(req.method(), req.url())) inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return seen;
}

describe('the creator flow', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  let organizationId: number;

  const videoRow = (id: number) => app.running.deps.db('videos').where({ id }).first();
  /** The file's organization's videos: other files' organizations share the app. */
  const ownVideos = () => app.running.deps.db('videos').where({ organization_id: organizationId });

  // The file's own organization on the shared app (its copy of the demo videos), its staff user signed in.
  const session = staffSession();
  before(() => {
    ({ app, page, consoleErrors } = session);
    organizationId = session.organization.id;
  });
  afterEach(() => assert.deepEqual(consoleErrors, [], 'no console errors'));

  describe('video setup', () => {
    it('creates the video from its title and moves to its own address', async () => {
      await page.goto(`${app.url}/creator/new`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#setup-title');
      assert.equal(await activeStep(page), 'setup');
      await page.waitForSelector('::-p-text(Title required)');
      await page.click('#setup-subtitle');
      await page.type('#setup-subtitle', 'x');
      await settle(700);
      const before = await ownVideos().count<{ count: number }[]>('* as count');
      await page.click('#setup-title');
      await page.type('#setup-title', 'Margaret');
      await page.waitForFunction(() => /^\/creator\/\d+\/setup$/.test(location.pathname), { timeout: 10_000 });
      videoId = Number((await pathOf(page)).split('/')[2]);
      const after = await ownVideos().count<{ count: number }[]>('* as count');
      assert.equal(after[0].count, before[0].count + 1, 'one video was made, once the title existed');
      await waitForSaved(page);
      const row = await videoRow(videoId);
      assert.deepEqual([row.title, row.subtitle, row.organization_id !== null], ['Margaret', 'x', true]);
      const slidesHref = await page.$eval('nav[aria-label="Creator steps"] [data-step="slides"]', (a) => a.getAttribute('href'));
      assert.equal(slidesHref, `/creator/${videoId}/slides`);
    });

    it('saves fast typing through a slow connection exactly as typed, one save at a time', async () => {
      const saves = watchSaves(page);
      await page.emulateNetworkConditions(THROTTLED);
      const title = 'Margaret Ellen Hughes';
      await page.click('#setup-title', { count: 3 });
      await page.type('#setup-title', 'Margaret Ellen', { delay: 5 });
      await settle(650);
      await page.type('#setup-title', ' Hughes', { delay: 5 });
      await page.click('#setup-subtitle', { count: 3 });
      await page.type('#setup-subtitle', 'March 3, 1931 - October 2, 2026', { delay: 5 });
      await settle(550);
      await page.click('#setup-introText');
      await page.type('#setup-introText', 'Forever in our hearts, with love from all of us.', { delay: 5 });
      await page.click('#setup-billingId');
      await page.type('#setup-billingId', 'C-2026-117', { delay: 5 });
      await page.click('#setup-subtitle');
      await waitForSaved(page);
      await page.emulateNetworkConditions(null);
      const row = await videoRow(videoId);
      assert.deepEqual(
        [row.title, row.subtitle, row.intro_text, row.billing_id],
        [title, 'March 3, 1931 - October 2, 2026', 'Forever in our hearts, with love from all of us.', 'C-2026-117'],
      );
      assert.equal(await page.$eval('#setup-title', (el) => (el as HTMLInputElement).value), title);
      assert.equal(saves.max, 1, 'never two saves at once');
      assert.ok(saves.total >= 2, 'changes went out in more than one save');
    });

    it('shows the form, branding and billing fields, accessible at both widths', async () => {
      await page.goto(`${app.url}/creator/${videoId}/setup`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#setup-title');
      assert.equal(await page.$eval('#setup-title', (el) => (el as HTMLInputElement).value), 'Margaret Ellen Hughes');
      await page.waitForSelector('label::-p-text(Case number)');
      await page.waitForSelector('#brand');
      await page.waitForSelector('::-p-text(Show the logo in the video)');
      const frameWidth = () => page.$eval('[data-testid="creator-frame"]', (el) => ({ width: el.getBoundingClientRect().width, max: getComputedStyle(el).maxWidth }));
      assert.deepEqual(await frameWidth(), { width: CREATOR_MAX_WIDTH, max: `${CREATOR_MAX_WIDTH}px` }, 'the creator content stops at 1000 px on a wide screen');
      await page.setViewport({ width: 1600, height: 900 });
      assert.equal((await frameWidth()).width, CREATOR_MAX_WIDTH, 'and stays 1000 px on a wider one');
      const centred = await page.$eval('[data-testid="creator-frame"]', (el) => {
        const box = el.getBoundingClientRect();
        return Math.abs(box.left - (document.documentElement.clientWidth - box.right));
      });
      assert.ok(centred <= 1, 'centred');
      await page.setViewport({ width: 1280, height: 900 });
      await checkAccessibility(page, 'video setup');
      await screenshot(page, 'creator-setup', 1280);
      await screenshot(page, 'creator-setup', 375);
      assert.ok((await frameWidth()).width <= 375, 'a phone gets the whole width, not 1000 px');
      await checkAccessibility(page, 'video setup (phone)');
      await page.setViewport({ width: 1280, height: 900 });
    });

    it('warns while leaving during a save, then goes on once it is done', async () => {
      await page.emulateNetworkConditions(THROTTLED);
      await page.click('#setup-introText', { count: 3 });
      await page.type('#setup-introText', 'Always remembered.');
      await page.click('nav[aria-label="Creator steps"] [data-step="music"]');
      await page.waitForSelector('::-p-text(There are changes still saving.)');
      await page.waitForFunction((id) => location.pathname === `/creator/${id}/music`, { timeout: 15_000 }, videoId);
      await page.emulateNetworkConditions(null);
      assert.equal((await videoRow(videoId)).intro_text, 'Always remembered.');
    });

    it('shows server problems in red under the form', async () => {
      await page.goto(`${app.url}/creator/${videoId}/setup`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#setup-subtitle');
      // The field itself stops at 250 characters; a longer value can only come from elsewhere.
      await page.$eval('#setup-subtitle', (el) => el.removeAttribute('maxlength'));
      await page.click('#setup-subtitle', { count: 3 });
      await page.keyboard.sendCharacter('s'.repeat(251));
      await page.click('#setup-title');
      await page.waitForSelector('[role="alert"]::-p-text(Subtitle must be at most 250 characters.)');
      await page.click('#setup-subtitle', { count: 3 });
      await page.type('#setup-subtitle', 'Loved always');
      await page.click('#setup-title');
      await waitForSaved(page);
      assert.equal(await page.$('[role="alert"]::-p-text(Subtitle must be at most 250 characters.)'), null);
      assert.equal((await videoRow(videoId)).subtitle, 'Loved always');
      // The browser logs the refused save itself; that one line is this test's point, not a fault.
      const refused = consoleErrors.splice(0).filter((e) => !e.includes('status of 422'));
      consoleErrors.push(...refused);
    });
  });

  describe('the theme picker', () => {
    const tiles = (p: Page) =>
      p.$$eval('[data-testid="theme-tile"]:not([data-custom])', (els) => els.map((e) => ({ id: Number(e.getAttribute('data-theme-id')), title: e.querySelector('p')?.textContent ?? '' })));

    async function openPicker() {
      await page.locator('section[aria-labelledby="theme-title"] button:not([disabled])::-p-text(Theme)').click();
      await page.waitForFunction(() => location.hash === '#/themes');
      await page.waitForSelector('[data-testid="theme-tile"]');
      await waitForDialog(page);
    }

    it('opens full screen at #/themes, finds themes by the start of their words and applies one with a double click', async () => {
      await page.goto(`${app.url}/creator/${videoId}/setup`, { waitUntil: 'networkidle0' });
      await openPicker();
      const all = await tiles(page);
      assert.ok(all.length >= 3, 'the catalogue is listed');
      assert.ok(!all.some((t) => t.id === 1), 'the Custom Theme Base is not a tile');
      const target = all.find((t) => t.title.split(' ').length > 1) ?? all[0];
      const word = target.title.split(' ')[target.title.split(' ').length - 1];
      const prefix = word.slice(0, 3);
      await page.type('#theme-search', prefix.toUpperCase());
      await settle(200);
      const found = await tiles(page);
      assert.ok(found.some((t) => t.id === target.id), 'the theme is found by the start of a word inside its title');
      assert.ok(found.length <= all.length);
      await page.type('#theme-search', 'zzqx');
      await page.waitForSelector('::-p-text(No themes match your search.)');
      await page.click('#theme-search', { count: 3 });
      await page.type('#theme-search', prefix);
      await checkAccessibility(page, 'theme picker');
      await screenshot(page, 'creator-theme-picker', 1280);
      await page.setViewport({ width: 1280, height: 900 });
      const tile = `[data-testid="theme-tile"][data-theme-id="${target.id}"]:not([data-custom]) button[aria-pressed]`;
      await page.click(tile, { count: 2 });
      await page.waitForFunction(() => location.hash === '' && !document.querySelector('[data-testid="theme-tile"]'));
      await page.waitForFunction((t) => document.querySelector('[data-testid="current-theme"]')?.textContent === t, {}, target.title);
      await waitForSaved(page);
      const row = await videoRow(videoId);
      assert.deepEqual([row.theme_id, row.custom_theme_id], [target.id, null]);
    });

    it('remembers the sort, and on a phone previews in a second dialog whose Close deselects', async () => {
      await openPicker();
      await page.click('#theme-sort');
      await page.locator('li[role="option"]::-p-text(Alphabetical)').click();
      const titles = await page.$$eval('section[aria-labelledby="theme-section-themes"] [data-testid="theme-tile"] p', (ps) => ps.map((p) => p.textContent ?? ''));
      assert.ok(titles.length > 1);
      assert.deepEqual(titles, [...titles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
      assert.equal(await page.evaluate(() => localStorage.getItem('creator.sort')), 'alpha');
      await page.setViewport({ width: 375, height: 800 });
      await settle();
      await page.click('[data-testid="theme-tile"]:not([data-custom]) button[aria-pressed]');
      await page.waitForSelector('[role="dialog"][aria-labelledby="theme-preview-title"]');
      await waitForDialog(page);
      await checkAccessibility(page, 'theme preview on a phone');
      await page.locator('[aria-labelledby="theme-preview-title"] button::-p-text(Close)').click();
      await page.waitForFunction(() => !document.querySelector('[aria-labelledby="theme-preview-title"]'));
      assert.equal(await page.$('[data-testid="theme-tile"] button[aria-pressed="true"]'), null, 'Close deselects');
      // The picker covers the window; a full-page picture would show the page scrolled out beneath it.
      await page.screenshot({ path: path.join(OUTPUT_DIR, 'creator-theme-picker-375.png') as `${string}.png` });
      await checkAccessibility(page, 'theme picker on a phone');
      await page.setViewport({ width: 1280, height: 900 });
      await page.reload({ waitUntil: 'networkidle0' });
      await page.waitForSelector('#theme-sort');
      assert.equal(await page.$eval('#theme-sort', (el) => el.textContent), 'Alphabetical');
      await page.locator('button[aria-label="Close"]').click();
      await page.waitForFunction(() => location.hash === '');
    });

    it('makes a custom theme in the editor frame, which grows with its page and wants an intro scene', async () => {
      await openPicker();
      await page.locator('button::-p-text(Custom Theme)').click();
      const frameHandle = await page.waitForSelector('iframe[title="Custom theme editor"]');
      const frame = (await frameHandle!.contentFrame())!;
      await frame.waitForSelector('#custom-theme-name');
      await waitForDialog(page);
      await page.waitForFunction(() => {
        const iframe = document.querySelector('iframe[title="Custom theme editor"]') as HTMLIFrameElement;
        const inner = iframe.contentDocument?.querySelector('main');
        return inner && Math.abs(iframe.getBoundingClientRect().height - (Math.ceil(inner.getBoundingClientRect().height) + 25)) < 2;
      });
      await page.locator('[aria-labelledby="custom-theme-title"] button::-p-text(Done)').click();
      await page.waitForSelector('[aria-labelledby="custom-theme-title"] ::-p-text(You must specify an intro first scene, or disable the intro using the checkbox above.)');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'creator-e2e-'));
      const picture = path.join(dir, 'scene.png');
      writeFileSync(picture, await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#5b7083' } }).png().toBuffer());
      const input = await frame.waitForSelector('#intro-picture');
      await (input as unknown as { uploadFile(file: string): Promise<void> }).uploadFile(picture);
      await frame.waitForSelector('img[alt="First Scene"]');
      await frame.click('#caption-font');
      await frame.locator('li[role="option"]::-p-text(Lato)').click();
      await frame.waitForFunction(() => document.querySelector('[role="status"]')?.textContent === 'All changes saved.');
      await frame.waitForSelector('aside [aria-busy="false"] img[alt="Preview of the intro title card"]', { timeout: 30_000 });
      await settle(600);
      await screenshot(page, 'creator-custom-theme-dialog', 1280);
      await page.setViewport({ width: 1280, height: 900 });
      await page.locator('[aria-labelledby="custom-theme-title"] button::-p-text(Done)').click();
      await page.waitForFunction(() => !document.querySelector('iframe[title="Custom theme editor"]') && location.hash === '');
      await waitForSaved(page);
      const row = await videoRow(videoId);
      assert.equal(row.theme_id, 1);
      assert.ok(row.custom_theme_id, 'the video uses the new custom theme');
      const custom = await app.running.deps.db('custom_themes').where({ id: row.custom_theme_id }).first();
      assert.equal(custom.design.caption_font, 'lato-regular');
      assert.ok(custom.design.intro_image);
      await page.waitForSelector('button::-p-text(Edit Custom Theme)');

      // In the staff user's context: signed in as the staff user.
      const editor = await session.context.newPage();
      const editorErrors = watchConsole(editor);
      for (const width of [1280, 375]) {
        await editor.setViewport({ width, height: 900 });
        await editor.goto(`${app.url}/custom_themes/${row.custom_theme_id}/edit/${videoId}/1`, { waitUntil: 'networkidle0' });
        // The preview is a frame the render engine draws: it appears once it has arrived whole, never broken.
        await editor.waitForSelector('img[alt="Preview of the intro title card"]');
        await editor.waitForSelector('aside [aria-busy="false"]');
        assert.deepEqual(
          await editor.$eval('img[alt="Preview of the intro title card"]', (img) => [(img as HTMLImageElement).complete, (img as HTMLImageElement).naturalWidth]),
          [true, 1280],
        );
        await checkAccessibility(editor, `custom theme editor at ${width}`);
        await screenshot(editor, 'creator-custom-theme-editor', width);
      }
      await editor.close();
      assert.deepEqual(editorErrors, []);
    });

    it('deletes a custom theme after asking, and the video goes back to no theme', async () => {
      await openPicker();
      const custom = await page.waitForSelector('[data-testid="theme-tile"][data-custom] button[aria-label^="Delete"]');
      await custom!.click();
      await page.waitForSelector('::-p-text(Are you sure you want to delete this custom theme?)');
      await page.locator('[role="dialog"] button::-p-text(Delete)').click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="theme-tile"][data-custom]'));
      const row = await videoRow(videoId);
      assert.deepEqual([row.theme_id, row.custom_theme_id], [0, null]);
      await page.locator('button[aria-label="Close"]').click();
      await page.waitForFunction((t) => document.querySelector('[data-testid="current-theme"]')?.textContent === t, {}, 'No theme');
    });
  });

  describe('the step bar', () => {
    it('walks every step with Next and back with Back', async () => {
      // A photo to preview: the Preview step starts playing at once.
      await addPhotos(app, videoId, [{ name: 'portrait.jpg' }]);
      await page.goto(`${app.url}/creator/${videoId}/setup`, { waitUntil: 'networkidle0' });
      const order = ['setup', 'link', 'slides', 'music', 'preview', 'finalize'];
      const labels = await page.$$eval('nav[aria-label="Creator steps"] [data-step]', (els) => els.map((e) => e.getAttribute('data-step')));
      assert.deepEqual(labels, order);
      // The organization shows its branding, so Finalize is the order page (spec 1 section 2.1).
      const pageOf = (step: string) => (step === 'finalize' ? 'order' : step);
      for (const step of order.slice(1)) {
        await page.locator('nav[aria-label="Previous and next step"] a[aria-label^="Next"]').click();
        await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/${pageOf(step)}`);
        await page.waitForFunction((s) => document.querySelector('nav[aria-label="Creator steps"] [aria-current="step"]')?.getAttribute('data-step') === s, {}, step);
        await settle();
        await closeDialogs(page);
      }
      assert.equal(await page.$('nav[aria-label="Previous and next step"] a[aria-label^="Next"]'), null, 'Finalize is the last step');
      for (const step of order.slice(0, -1).reverse()) {
        await page.locator('nav[aria-label="Previous and next step"] a[aria-label^="Back"]').click();
        await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/${step}`);
        await settle();
        await closeDialogs(page);
      }
      const done = await page.$$eval('nav[aria-label="Creator steps"] .MuiStepLabel-iconContainer.Mui-completed', (els) => els.length);
      assert.equal(done, 1, 'steps up to and including the current one look done');
    });

    it('asks for a title before moving on from a video not made yet', async () => {
      await page.goto(`${app.url}/creator/new`, { waitUntil: 'networkidle0' });
      await page.locator('nav[aria-label="Previous and next step"] button::-p-text(Next)').click();
      await dismissAlert(page, 'Please enter a title for the video.');
      assert.equal(await pathOf(page), '/creator/new');
      await page.locator('button::-p-text(Choose Theme)').click();
      await page.waitForSelector('[data-testid="theme-tile"]');
      await page.locator('button::-p-text(Custom Theme)').click();
      await dismissAlert(page, 'Please enter a video title first.');
      await page.locator('button[aria-label="Close"]').click();
      await page.waitForFunction(() => location.hash === '');
    });
  });

  describe('a finalized video', () => {
    it('shows the read-only notice and reopens for editing after confirmation', async () => {
      const finished = await ownVideos().whereNotNull('date_in_queue').first();
      await page.goto(`${app.url}/creator/${finished.id}/setup`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('::-p-text(Read-Only)');
      await page.waitForSelector('::-p-text(Uploads and edits are disabled. The video has already been finalized.)');
      assert.equal(await page.$eval('#setup-title', (el) => (el as HTMLInputElement).disabled), true);
      assert.deepEqual(await page.$$eval('nav[aria-label="Creator steps"] [data-step]', (els) => els.map((e) => e.getAttribute('data-step'))), [
        'setup', 'link', 'slides', 'music', 'details',
      ]);
      await checkAccessibility(page, 'read-only setup');
      await page.locator('[role="alert"] button::-p-text(Edit)').click();
      await page.waitForSelector('::-p-text(The video cannot be streamed while it is open for editing. It will need to be finalized again.)');
      await waitForDialog(page);
      await checkAccessibility(page, 'edit confirmation');
      await page.locator('[role="dialog"] button::-p-text(Edit)').click();
      await page.waitForFunction(() => !document.body.textContent?.includes('Read-Only'));
      assert.equal(await pathOf(page), `/creator/${finished.id}/setup`);
      assert.equal((await videoRow(finished.id)).date_in_queue, null);
      await page.waitForFunction(() => !(document.querySelector('#setup-title') as HTMLInputElement).disabled);
      await page.waitForSelector('nav[aria-label="Creator steps"] [data-step="finalize"]');
    });
  });
});

