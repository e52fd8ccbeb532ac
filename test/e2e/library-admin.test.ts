import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { clip } from '../../server/test/fixtures/media.ts';
import { chooseOption, confirmWith, dialogClosed, dialogField, openAt, retype, submitDialog, waitForText, waitWithoutText } from './admin-page.ts';
import { checkAccessibility, DEMO_PASSWORD, launchBrowser, login, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';

/** Stock texts, stock videos and themes of the super drawer: each created, edited and deleted through its page. */
describe('stock texts, stock videos and themes in the browser', function () {
  this.timeout(120_000);
  let app: E2eApp;
  let chrome: Awaited<ReturnType<typeof launchBrowser>>;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let tmp: string;

  before(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'library-admin-'));
    app = await startApp();
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    consoleErrors = watchConsole(page);
    await login(page, app.url, 'admin@example.com', DEMO_PASSWORD);
  });
  after(async () => {
    await chrome?.close();
    await app?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const db = () => app.running.deps.db;
  const open = (where: string) => openAt(page, `${app.url}${where}`);
  const field = (name: string) => dialogField(page, name);
  const confirmDelete = async (name: string) => {
    await page.locator(`button[aria-label="Delete ${name}"]`).click();
    await confirmWith(page, 'Delete');
  };
  const shots = async (name: string) => {
    await screenshot(page, `library-admin-${name}`, 1280);
    await screenshot(page, `library-admin-${name}`, 375);
    await checkAccessibility(page, `${name} on a phone`);
    await page.setViewport({ width: 1280, height: 900 });
  };
  /** What the slide editor's and the picker's own calls answer, asked from this signed-in page. */
  const call = <T,>(url: string) => page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<T>;

  it('stock texts: shows mistakes beside the fields, then creates, edits and deletes one the slide editor offers', async () => {
    await open('/settings/stock_texts');
    await waitForText(page, 'table tbody', 'A Time for Everything');
    await page.locator('::-p-text(New stock text)').click();
    await submitDialog(page);
    await waitForText(page, '[role="dialog"] .Mui-error', 'Please enter the title.');
    await waitForText(page, '[role="dialog"] .Mui-error', 'Please choose the categories.');
    await checkAccessibility(page, 'the stock text form with its messages');
    await field('textTitle').fill('Evening Hymn');
    await field('text').fill('Now the day is over, night is drawing nigh.');
    await chooseOption(page, 'Categories', 'Comfort', true);
    await chooseOption(page, 'Categories', 'Poetry', true);
    await submitDialog(page);
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Evening Hymn');
    const row = await db()('stock_texts').where({ text_title: 'Evening Hymn' }).first();
    const links = await db()('stock_text_category_links as l').join('stock_text_categories as c', 'c.id', 'l.stock_text_category_id').where('l.stock_text_id', row.id).pluck('c.name');
    assert.deepEqual(links.sort(), ['Comfort', 'Poetry']);
    await shots('stock-texts');

    await page.locator('button[aria-label="Edit Evening Hymn"]').click();
    await retype(page, 'text', 'The darkness falls.');
    await page.locator('[role="dialog"] input[name="disabled"]').click();
    await submitDialog(page);
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Hidden');
    assert.deepEqual(await db()('stock_texts').where({ id: row.id }).first('text', 'disabled'), { text: 'The darkness falls.', disabled: true });
    const offered = await call<{ stockTexts?: unknown; stock_texts: { id: number }[] }>('/r/stock_texts');
    assert.equal(offered.stock_texts.some((t) => t.id === row.id), false, 'hidden from the slide editor');

    await confirmDelete('Evening Hymn');
    await waitWithoutText(page, 'table tbody', 'Evening Hymn');
    assert.equal(await db()('stock_texts').where({ id: row.id }).first(), undefined);
  });

  it('stock videos: uploads a clip with its still, renames it and deletes it', async () => {
    const file = path.join(tmp, 'harbour-lights.mp4');
    writeFileSync(file, await clip('mp4', 2));
    await open('/settings/stock_videos');
    await waitForText(page, 'table tbody', 'Drifting Clouds');
    await page.locator('::-p-text(New stock video)').click();
    await field('videoTitle').fill('Harbour Lights');
    await field('tags').fill('water night lights');
    await submitDialog(page);
    await waitForText(page, '[role="dialog"]', 'Please choose the video file to upload.');
    const input = await page.$('[role="dialog"] input[type="file"]');
    await input!.uploadFile(file);
    await waitForText(page, '[role="dialog"]', 'harbour-lights.mp4');
    await submitDialog(page);
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Harbour Lights');
    await waitForText(page, 'table tbody', 'Uploaded');
    const row = await db()('stock_videos').where({ video_title: 'Harbour Lights' }).first();
    assert.equal(row.generator, null);
    assert.ok(row.thumb_path && row.preview_path);
    // The still the dialog's tile shows is in the list too, loaded.
    await page.waitForFunction(() => [...document.querySelectorAll('table tbody img')].some((img) => (img as HTMLImageElement).src.includes('/thumb.jpg') && (img as HTMLImageElement).naturalWidth === 534), { timeout: 10_000 });
    await shots('stock-videos');

    await page.locator('button[aria-label="Edit Harbour Lights"]').click();
    await retype(page, 'videoTitle', 'Harbour at Night');
    await submitDialog(page);
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Harbour at Night');
    assert.equal((await db()('stock_videos').where({ id: row.id }).first()).video_title, 'Harbour at Night');

    await confirmDelete('Harbour at Night');
    await waitWithoutText(page, 'table tbody', 'Harbour at Night');
    assert.equal(await db()('stock_videos').where({ id: row.id }).first(), undefined);
  });

  it('themes: a new theme from another, hidden and ordered with the engine’s preview, then deleted', async () => {
    await open('/settings/themes');
    await waitForText(page, 'table tbody', 'Lavender Watercolour');
    await page.locator('::-p-text(New theme)').click();
    await chooseOption(page, 'Start from', 'Garden Rose');
    await field('themeTitle').fill('Harvest Rose');
    await field('palette').fill('#f7f3ee, red');
    await submitDialog(page);
    await waitForText(page, '[role="dialog"] .Mui-error', 'Please enter five colours like #f7f3ee, separated by commas.');
    await retype(page, 'palette', '#f8f1ee, #f1e4e4, #c9a27a, #b5562f, #5a3d2f');
    await submitDialog(page);
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Harvest Rose');
    const theme = await db()('themes').where({ theme_title: 'Harvest Rose' }).first();
    assert.ok(theme.id >= 1000);
    assert.equal(theme.design.art.family, 'botanical', 'the art of the theme it started from');
    assert.deepEqual(theme.design.art.palette, ['#f8f1ee', '#f1e4e4', '#c9a27a', '#b5562f', '#5a3d2f']);
    const picker = async () => (await call<{ themes: { id: number }[] }>('/r/themes')).themes.map((t) => t.id);
    assert.ok((await picker()).includes(theme.id));

    await page.locator('button[aria-label="Edit Harvest Rose"]').click();
    // The engine's frame of the saved theme, drawn by the render engine on first request.
    const poster = await page.$eval('[role="dialog"] video', (v) => (v as HTMLVideoElement).poster);
    assert.match(poster, /\/r\/settings\/themes\/\d+\/preview\.jpg/);
    assert.equal(await page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), poster), 'image/jpeg');
    await shots('themes-edit');
    await retype(page, 'position', '1');
    await submitDialog(page);
    await dialogClosed(page);
    assert.equal((await picker())[0], theme.id, 'first in the picker’s list');

    await page.locator('button[aria-label="Edit Harvest Rose"]').click();
    await chooseOption(page, 'Visibility', 'Hidden');
    await submitDialog(page);
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Hidden');
    assert.equal((await picker()).includes(theme.id), false, 'hidden from the picker');
    assert.equal(await page.$('button[aria-label="Delete Lavender Watercolour"]'), null, 'a catalogue theme is hidden, not deleted');
    await shots('themes');

    await confirmDelete('Harvest Rose');
    await waitWithoutText(page, 'table tbody', 'Harvest Rose');
    assert.equal(await db()('themes').where({ id: theme.id }).first(), undefined);
    assert.deepEqual(consoleErrors, []);
  });
});
