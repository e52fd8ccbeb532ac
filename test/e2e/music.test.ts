import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { openFamilyVisit, staffSession } from './shared.ts';

interface StockList {
  stock_songs: { id: number; song_name: string; song_length: number }[];
  stock_categories: { id: number; name: string }[];
  song_categories: { stock_song_category_id: number; stock_song_id: number }[];
}

const ROW = '[data-testid="song-row"][data-song-id]';

/** A 3 second 440 Hz tone, the kind of file a family member uploads. */
function makeSong(dir: string): string {
  const file = path.join(dir, 'Our Song.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-ac', '2', '-ar', '44100', file]);
  return file;
}

/** Seconds from an M:SS text. */
const secondsOf = (text: string): number => {
  const [m, s] = text.split(':').map(Number);
  return m * 60 + s;
};

const rowIds = (page: Page) => page.$$eval(ROW, (rows) => rows.map((r) => Number(r.getAttribute('data-song-id'))));
const textOf = (page: Page, testId: string) => page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');

/** Waits for the shown length to differ from `before`, and returns it. */
async function changedLength(page: Page, testId: string, before: string): Promise<string> {
  await page.waitForFunction((id, old) => document.querySelector(`[data-testid="${id}"]`)?.textContent !== old, { timeout: 10_000 }, testId, before);
  return textOf(page, testId);
}

/** The reply of the next timing save (the field saves a second after typing stops). */
const timingSaved = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/r/songs/update_timing') && r.ok(), { timeout: 10_000 });

async function openEdit(page: Page, songId: number) {
  await page.locator(`${ROW}[data-song-id="${songId}"] button[aria-label^="Edit "]`).click();
  await page.waitForSelector('[aria-labelledby="song-edit-title"]', { visible: true });
}

async function saveEdit(page: Page) {
  await page.locator('[aria-labelledby="song-edit-title"] ::-p-text(Save)').click();
  await page.waitForSelector('[aria-labelledby="song-edit-title"]', { hidden: true });
}

describe('music manager', () => {
  let app: E2eApp;
  let browser: Browser;
  let organizationId: number;
  let page: Page;
  let consoleErrors: string[];
  let dir: string;
  let videoId: number;
  /** A category opened, with a song ticked, before files were chosen on the Upload tab. */
  let openedCategory: number;

  // The file's own organization on the shared app (its copy of the demo videos). Its song previews and players run
  // with Chromium's autoplay policy relaxed; the shared browser keeps the default policy the other files run under,
  // so this file keeps a Chromium of its own.
  const session = staffSession({ browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
  before(async function () {
    // The first run renders the test pieces (later runs find them in the render cache).
    this.timeout(600_000);
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-music-'));
    ({ app, browser, page, consoleErrors } = session);
    organizationId = session.organization.id;
    const video = await app.running.deps.db('videos').where({ title: 'Chloé Dubois', organization_id: organizationId }).first();
    videoId = video.id;
    // Photos, so the video has slides whose time the music page sets.
    const status = await page.evaluate(async (id) => {
      const res = await fetch('/r/slides/add_sample_slides', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ video_id: id }) });
      return res.status;
    }, videoId);
    assert.equal(status, 200, 'sample slides added');
  });
  after(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('adds three stock songs from two categories at once', async () => {
    await page.goto(`${app.url}/creator/${videoId}/music`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(No music yet)');
    const stock = await page.evaluate(() => fetch('/r/songs/stock_list').then((r) => r.json() as Promise<StockList>));
    const inCategory = (id: number) => stock.song_categories.filter((l) => l.stock_song_category_id === id).map((l) => l.stock_song_id);
    const [first, second] = stock.stock_categories.filter((c) => inCategory(c.id).length >= 2);
    assert.ok(first && second, 'the test library has two categories with songs');
    const picks = [...inCategory(first.id).slice(0, 2), ...inCategory(second.id).filter((id) => !inCategory(first.id).includes(id)).slice(0, 1)];
    assert.equal(picks.length, 3);

    await page.locator('button::-p-text(Add Music)').click();
    await page.waitForSelector('[aria-labelledby="music-dialog-title"] ::-p-text(Favorites)');
    await checkAccessibility(page, 'music dialog');

    // Every word must start a word of artist plus song name.
    const search = await page.waitForSelector('input[type="search"]');
    const [song] = stock.stock_songs;
    await search!.type(song.song_name.slice(0, 4).toLowerCase());
    await page.waitForSelector('[aria-label="Search results"] [data-testid="stock-song"]');
    const found = await page.$$eval('[aria-label="Search results"] [data-testid="stock-song"]', (rows) => rows.map((r) => Number(r.getAttribute('data-stock-song-id'))));
    assert.ok(found.includes(song.id), 'the song whose name starts so is found');
    await search!.type(' zzzz');
    await page.waitForSelector('::-p-text(No songs match)');
    await search!.click({ count: 3 });
    await page.keyboard.press('Backspace');
    await page.waitForSelector('[aria-label="Search results"]', { hidden: true });
    await page.locator(`[aria-labelledby="music-dialog-title"] ::-p-text(${first.name})`).click();
    await page.locator(`[aria-labelledby="music-dialog-title"] ::-p-text(${second.name})`).click();
    await page.locator(`#stock-category-${first.id} [data-stock-song-id="${picks[0]}"] input[type="checkbox"]`).click();
    await page.locator(`#stock-category-${first.id} [data-stock-song-id="${picks[1]}"] input[type="checkbox"]`).click();
    await page.locator(`#stock-category-${second.id} [data-stock-song-id="${picks[2]}"] input[type="checkbox"]`).click();

    // A star is pending, then set, and the song shows under Favorites.
    await page.locator(`#stock-category-${first.id} [data-stock-song-id="${picks[0]}"] button[aria-label^="Favorite"]`).click();
    await page.waitForSelector(`#stock-category-${first.id} [data-stock-song-id="${picks[0]}"] button[aria-pressed="true"]`);
    await screenshot(page, 'music-dialog', 1280);
    await screenshot(page, 'music-dialog', 375);
    await page.setViewport({ width: 1280, height: 900 });

    await page.locator('::-p-text(Add 3 Songs)').click();
    await page.waitForSelector('[aria-labelledby="music-dialog-title"]', { hidden: true });
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 3, {}, ROW);
    const songs = await app.running.deps.db('songs').where({ video_id: videoId }).whereNull('deleted_at').orderBy('position');
    assert.deepEqual(songs.map((s: { stock_song_id: number }) => s.stock_song_id).sort(), [...picks].sort());

    // Reopened, the dialog has forgotten the selection and the open categories.
    await page.locator('button::-p-text(Add Music)').click();
    await page.waitForSelector('::-p-text(Add Songs)');
    assert.equal(await page.$(`#stock-category-${first.id}`), null);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[aria-labelledby="music-dialog-title"]', { hidden: true });
  });

  it('reorders the songs by dragging and keeps the order', async () => {
    const before = await rowIds(page);
    const handle = await page.$(`${ROW}[data-song-id="${before[0]}"] button[aria-label^="Move "]`);
    const box = (await handle!.boundingBox())!;
    const rowHeight = await page.$eval(ROW, (r) => r.getBoundingClientRect().height);
    assert.equal(Math.round(rowHeight), 81);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + (rowHeight * 2 * i) / 10);
    await page.mouse.up();
    const expected = [before[1], before[2], before[0]];
    await page.waitForFunction((selector, ids) => [...document.querySelectorAll(selector)].map((r) => Number(r.getAttribute('data-song-id'))).join() === ids.join(), {}, ROW, expected);
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector(ROW);
    assert.deepEqual(await rowIds(page), expected);
  });

  it('trims a song and sets a crossfade, and the music length follows', async () => {
    const ids = await rowIds(page);
    const music0 = await textOf(page, 'music-length');

    await openEdit(page, ids[0]);
    await checkAccessibility(page, 'song edit dialog');
    const start = await page.$('#trim-start');
    await start!.click({ count: 3 });
    await start!.type('10:00.00x');
    await page.keyboard.press('Tab');
    await page.waitForSelector('::-p-text(Time should be of form MM:SS.00)');
    await start!.click({ count: 3 });
    await start!.type('-00:10.00');
    await page.keyboard.press('Tab');
    await page.waitForSelector('::-p-text(Time should be positive)');
    await start!.click({ count: 3 });
    await start!.type('00:02.00');
    await page.keyboard.press('Tab');
    await saveEdit(page);
    const music1 = await changedLength(page, 'music-length', music0);
    assert.equal(secondsOf(music0) - secondsOf(music1), 2);

    await openEdit(page, ids[1]);
    await page.locator('[aria-labelledby="song-edit-title"] ::-p-text(Crossfade)').click();
    await saveEdit(page);
    const music2 = await changedLength(page, 'music-length', music1);
    assert.equal(secondsOf(music1) - secondsOf(music2), 4);
    const saved = await app.running.deps.db('songs').whereIn('id', [ids[0], ids[1]]).orderBy('position');
    assert.deepEqual(
      saved.map((s: { trim_start: number; crossfade: boolean }) => [s.trim_start, s.crossfade]),
      [
        [2, false],
        [0, true],
      ],
    );
  });

  it('shows the video length and the warnings change with the seconds per slide', async () => {
    let saved = timingSaved(page);
    await page.locator('::-p-text(Automatic)').click();
    const field = await page.waitForSelector('#slide-time');
    await saved;

    await field!.click({ count: 3 });
    await field!.type('0');
    await page.keyboard.press('Tab');
    await page.waitForSelector('::-p-text(Invalid input. Enter the number of seconds per slide.)');

    await field!.click({ count: 3 });
    saved = timingSaved(page);
    await field!.type('3');
    await saved;
    await page.waitForSelector('::-p-text(Very fast slides)');
    const video1 = await textOf(page, 'video-length');
    assert.equal(await page.$('::-p-text(Very slow slides)'), null);

    await field!.click({ count: 3 });
    saved = timingSaved(page);
    await field!.type('200');
    await saved;
    await page.waitForSelector('::-p-text(Very slow slides)');
    const video2 = await textOf(page, 'video-length');
    // Six photos, each 197 seconds longer.
    assert.equal(secondsOf(video2) - secondsOf(video1), 6 * 197);
    await page.waitForSelector('::-p-text(Not enough music. The music is going to end before the video has finished)');
    assert.equal(await page.$('::-p-text(Very fast slides)'), null);

    // Repeat Music fills the video, so the music no longer runs out.
    await page.locator('::-p-text(Repeat Music)').click();
    await page.waitForFunction(() => !document.body.textContent?.includes('Not enough music'), { timeout: 10_000 });

    const video = await app.running.deps.db('videos').where({ id: videoId }).first();
    assert.equal(video.repeat_music, true);
  });

  it('uploads an audio file after the licence and plays it', async () => {
    // A stock song ticked first: choosing files closes the dialog, which forgets it (checked in the next test).
    const stock = await page.evaluate(() => fetch('/r/songs/stock_list').then((r) => r.json() as Promise<StockList>));
    const category = stock.stock_categories.find((c) => stock.song_categories.some((l) => l.stock_song_category_id === c.id))!;
    const ticked = stock.song_categories.find((l) => l.stock_song_category_id === category.id)!.stock_song_id;
    openedCategory = category.id;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('button::-p-text(Add Music)').click();
    await page.waitForSelector('[aria-labelledby="music-dialog-title"] ::-p-text(Favorites)', { visible: true });
    await page.locator(`[aria-labelledby="music-dialog-title"] ::-p-text(${category.name})`).click();
    const checkbox = `#stock-category-${category.id} [data-stock-song-id="${ticked}"] input[type="checkbox"]`;
    // A DOM click: a pointer click could land while the category is still sliding open on a busy machine.
    await page.waitForSelector(checkbox, { visible: true });
    await page.$eval(checkbox, (el) => (el as HTMLInputElement).click());
    await page.waitForSelector(`${checkbox}:checked`);
    await page.waitForSelector('::-p-text(Add 1 Song)');
    await page.locator('[role="tab"]::-p-text(Upload)').click();
    await page.waitForSelector('::-p-text(Agree and Accept)');
    assert.equal(await page.$('[data-testid="song-file-input"]'), null, 'no upload control before the agreement');
    await page.locator('::-p-text(Agree and Accept)').click();
    const input = await page.waitForSelector('input[data-testid="song-file-input"]');
    // A slow line keeps the file uploading long enough to see its row and to try leaving the page.
    await page.emulateNetworkConditions({ download: -1, upload: 60_000, latency: 20 });
    await input!.uploadFile(makeSong(dir));
    await page.waitForSelector('[aria-labelledby="music-dialog-title"]', { hidden: true });
    await page.waitForSelector('[data-testid="song-row"]:not([data-song-id]) button[aria-label="Cancel Our Song"]');
    const leaving = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.evaluate(() => {
      window.location.href = '/dashboard';
    });
    assert.equal(await leaving, 'beforeunload');
    assert.match(page.url(), /\/music$/);

    // Links inside the app (the step bar, Back and Next) ask too, with the page's own dialog; Stay keeps the upload.
    for (const link of ['nav[aria-label="Creator steps"] a[data-step="slides"]', 'nav[aria-label="Previous and next step"] a[aria-label^="Next:"]']) {
      await page.locator(link).click();
      const asked = await page.waitForSelector('[aria-labelledby="leave-guard-title"]', { visible: true });
      assert.equal(await asked!.$eval('#leave-guard-text', (el) => el.textContent), 'Some files are still uploading. Are you sure you want to leave the page?');
      await page.locator('[aria-labelledby="leave-guard-title"] ::-p-text(Stay)').click();
      await page.waitForSelector('[aria-labelledby="leave-guard-title"]', { hidden: true });
      assert.match(page.url(), /\/music$/);
      assert.ok(await page.$('[data-testid="song-row"]:not([data-song-id]) button[aria-label="Cancel Our Song"]'), 'the upload goes on');
    }
    // Next sits at the bottom: scroll back up, where the later clicks in dialogs expect the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.emulateNetworkConditions(null);
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 4, { timeout: 30_000 }, ROW);
    const uploaded = (await rowIds(page))[3];
    const row = `${ROW}[data-song-id="${uploaded}"]`;
    assert.match(await page.$eval(row, (r) => r.textContent ?? ''), /Our Song.*0:03/);
    await page.waitForSelector(`::-p-text(We cannot ship DVDs or other physical products for videos that contain non-stock music for licensing reasons)`);

    await page.locator(`${row} button[aria-label^="Play "]`).click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="preview-audio"]');
        return audio !== null && audio.readyState > 0 && Math.abs(audio.duration - 3) < 0.3;
      },
      { timeout: 15_000 },
    );
    // It plays to the end and the button goes back to Play.
    await page.waitForSelector(`${row} button[aria-label^="Play "]`, { timeout: 15_000 });

    await page.setViewport({ width: 1280, height: 900 });
    await page.mouse.move(0, 0);
    await checkAccessibility(page, 'music page');
    await screenshot(page, 'music', 1280);
    await screenshot(page, 'music', 375);
    assert.equal(Math.round(await page.$eval(ROW, (r) => r.getBoundingClientRect().height)), 39);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('shows an upload the server refuses as a red row that Clear removes', async () => {
    const notes = path.join(dir, 'notes.mp3');
    execFileSync('sh', ['-c', `printf 'not really music' > "${notes}"`]);
    await page.locator('button::-p-text(Add Music)').click();
    // The selection and the open category did not survive the dialog closing for the upload.
    await page.waitForSelector('::-p-text(Add Songs)');
    assert.equal(await page.$(`#stock-category-${openedCategory}`), null);
    assert.equal(await page.$('[aria-labelledby="music-dialog-title"] input[type="checkbox"]:checked'), null);
    await page.locator('[role="tab"]::-p-text(Upload)').click();
    const input = await page.waitForSelector('input[data-testid="song-file-input"]');
    await input!.uploadFile(notes);
    const failed = await page.waitForSelector('[data-testid="song-row"]:not([data-song-id]) button[aria-label^="Clear "]', { timeout: 15_000 });
    const background = await page.$eval('[data-testid="song-row"]:not([data-song-id])', (r) => getComputedStyle(r).backgroundColor);
    assert.equal(background, 'rgb(255, 208, 208)');
    // The row sits in the list behind the music dialog: close the dialog so the click reaches Clear.
    if (await page.$('[role="dialog"]')) {
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role="dialog"]', { hidden: true });
    }
    await failed!.click();
    await page.waitForSelector('[data-testid="song-row"]:not([data-song-id])', { hidden: true });
    assert.deepEqual(
      consoleErrors.filter((e) => !/status of 4\d\d/.test(e)),
      [],
    );
  });

  it('deletes a song after asking', async () => {
    const ids = await rowIds(page);
    await page.locator(`${ROW}[data-song-id="${ids[0]}"] button[aria-label^="Delete "]`).click();
    await page.waitForSelector('::-p-text(Are you sure you want to delete this song?)');
    await page.locator('[role="dialog"] ::-p-text(Delete)').click();
    await page.waitForFunction((selector, n) => document.querySelectorAll(selector).length === n, {}, ROW, ids.length - 1);
    assert.deepEqual(await rowIds(page), ids.slice(1));
  });

  it('is read-only for a finalized video', async () => {
    const db = app.running.deps.db;
    await db('videos').where({ id: videoId }).update({ date_in_queue: new Date() });
    await page.goto(`${app.url}/creator/${videoId}/music`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Read-Only)');
    await page.waitForSelector(ROW);
    assert.equal(await page.$('button::-p-text(Add Music)'), null, 'no Add Music');
    for (const prefix of ['Move ', 'Edit ', 'Delete ']) assert.equal(await page.$(`button[aria-label^="${prefix}"]`), null, prefix);
    const switches = await page.$$eval('input[type="checkbox"]', (inputs) => inputs.map((i) => (i as HTMLInputElement).disabled));
    assert.ok(switches.length >= 2 && switches.every(Boolean), 'every switch is disabled');
    await db('videos').where({ id: videoId }).update({ date_in_queue: null });
  });

  describe('through a family upload link', () => {
    let context: BrowserContext;
    let family: Page;
    let familyErrors: string[];
    let hash: string;

    before(async () => {
      ({ context, page: family, errors: familyErrors, hash } = await openFamilyVisit(app, browser, organizationId, 'Robert "Bobby" Chen', {
        upload_link_access_level: 1,
        upload_link_allow_music_upload: true,
      }));
    });
    after(async () => {
      await context?.close();
    });

    it('offers no favorites and uploads without the licence step', async () => {
      await family.goto(`${app.url}/creator/${hash}/music`, { waitUntil: 'networkidle0' });
      await family.locator('button::-p-text(Add Music)').click();
      await family.waitForSelector('[aria-labelledby="music-dialog-title"] [role="button"][aria-expanded]');
      assert.equal(await family.$('[aria-labelledby="music-dialog-title"] ::-p-text(Favorites)'), null);
      await family.locator('[aria-labelledby="music-dialog-title"] [role="button"][aria-expanded]').click();
      await family.waitForSelector('[data-testid="stock-song"]');
      assert.equal(await family.$('button[aria-label^="Favorite"]'), null);
      await family.locator('[role="tab"]::-p-text(Upload)').click();
      assert.equal(await family.$('::-p-text(Agree and Accept)'), null);
      const input = await family.waitForSelector('input[data-testid="song-file-input"]');
      await input!.uploadFile(path.join(dir, 'Our Song.wav'));
      await family.waitForSelector(`${ROW} ::-p-text(Our Song)`, { timeout: 30_000 });
      assert.equal(await family.$('::-p-text(We cannot ship DVDs)'), null, 'no licensing warning for the family');
      await checkAccessibility(family, 'family music page');
      assert.deepEqual(familyErrors, []);
    });
  });
});
