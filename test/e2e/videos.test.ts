import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { signIn } from './sign-in.ts';

const SEEDED = ['José Álvarez', 'Margaret Ellen Hughes', 'Chloé Dubois', 'Robert "Bobby" Chen', 'Anna-Lena Björk'];

const rowTitles = (page: Page) => page.$$eval('ul[aria-label="Videos"] li a p:first-child', (ps) => ps.map((p) => p.textContent ?? ''));

async function waitForFooter(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('main [role="status"]')?.textContent === t, { timeout: 10_000 }, text);
}

/** Dialogs fade in; axe reads colours mid-fade as too faint. */
async function waitForDialog(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const container = document.querySelector('.MuiDialog-container');
    return container !== null && getComputedStyle(container).opacity === '1';
  });
}

async function setFilter(page: Page, text: string): Promise<void> {
  const input = await page.waitForSelector('#sidebar-filter');
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  if (text) await input!.type(text);
}

async function chooseSort(page: Page, label: string): Promise<void> {
  await page.locator('#sidebar-sort').click();
  await page.locator(`li[role="option"] ::-p-text(${label})`).click();
  await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
}

describe('the videos list', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];

  const session = staffSession();
  before(async () => {
    ({ app, page, consoleErrors } = session);
    await page.goto(`${app.url}/videos`, { waitUntil: 'networkidle0' });
    await waitForFooter(page, '5 videos');
  });

  it('lists the seeded videos, newest project first, linking finished ones to details', async () => {
    assert.deepEqual(await rowTitles(page), [...SEEDED].reverse());
    const links = await page.$$eval('ul[aria-label="Videos"] li a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    const href = (title: string) => links.find(([text]) => text?.startsWith(title))?.[1] ?? '';
    assert.match(href('José Álvarez'), /^\/videos\/\d+\/details$/);
    assert.match(href('Chloé Dubois'), /^\/creator\/\d+\/slides$/);
    const italic = await page.$$eval('ul[aria-label="Videos"] li > div', (rows) => rows.map((r) => getComputedStyle(r).fontStyle));
    assert.deepEqual(italic, ['normal', 'italic', 'italic', 'normal', 'normal']);
    const rowHeight = await page.$eval('ul[aria-label="Videos"] li', (li) => li.getBoundingClientRect().height);
    assert.equal(rowHeight, 65);
    assert.equal(await page.$eval('::-p-text(New Video)', (el) => el.closest('a')?.getAttribute('href')), '/creator/new');
    await checkAccessibility(page, 'videos list');
    await screenshot(page, 'videos', 1280);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('filters titles ignoring case and accents', async () => {
    await setFilter(page, 'jose');
    await waitForFooter(page, '1 of 5 videos');
    assert.deepEqual(await rowTitles(page), ['José Álvarez']);
    await setFilter(page, 'CHLOE');
    await waitForFooter(page, '1 of 5 videos');
    assert.deepEqual(await rowTitles(page), ['Chloé Dubois']);
    await setFilter(page, 'nobody here');
    await waitForFooter(page, 'No videos found.');
    await setFilter(page, '');
    await waitForFooter(page, '5 videos');
  });

  it('sorts by title and by last generated, and reverses', async () => {
    await chooseSort(page, 'Video Title');
    const alphabetical = ['Anna-Lena Björk', 'Chloé Dubois', 'José Álvarez', 'Margaret Ellen Hughes', 'Robert "Bobby" Chen'];
    assert.deepEqual(await rowTitles(page), alphabetical);
    await page.locator('::-p-aria(Reverse Sort)').click();
    await page.waitForFunction(() => document.querySelector('ul[aria-label="Videos"] li a p')?.textContent?.startsWith('Robert'));
    assert.deepEqual(await rowTitles(page), [...alphabetical].reverse());
    await page.locator('::-p-aria(Reverse Sort)').click();

    await chooseSort(page, 'Last Generated');
    // Finished videos by generation date, latest first; unfinished ones last.
    assert.deepEqual(await rowTitles(page), ['José Álvarez', 'Margaret Ellen Hughes', 'Anna-Lena Björk', 'Robert "Bobby" Chen', 'Chloé Dubois']);
  });

  it('remembers the Show Views switch', async () => {
    assert.equal((await page.$$('ul[aria-label="Videos"] .MuiBadge-root')).length, 5);
    await page.locator('::-p-aria(Show Views)').click();
    await page.waitForFunction(() => !document.querySelector('ul[aria-label="Videos"] .MuiBadge-root'));
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForFooter(page, '5 videos');
    assert.equal(await page.evaluate(() => localStorage.getItem('videos.list.showViewCount')), 'false');
    assert.equal((await page.$$('ul[aria-label="Videos"] .MuiBadge-root')).length, 0);
    await page.locator('::-p-aria(Show Views)').click();
    await page.waitForSelector('ul[aria-label="Videos"] .MuiBadge-root');
  });

  it('deletes a video after confirmation, for good', async () => {
    await page.locator('::-p-aria(Delete Robert "Bobby" Chen)').click();
    await waitForDialog(page);
    assert.equal(await page.$eval('#confirm-text', (el) => el.textContent), 'Are you sure you want to delete \'Robert "Bobby" Chen\'?');
    await checkAccessibility(page, 'delete confirmation');
    await page.locator('::-p-aria([name="Delete"][role="button"])').click();
    await waitForFooter(page, '4 videos');
    assert.ok(!(await rowTitles(page)).includes('Robert "Bobby" Chen'));
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForFooter(page, '4 videos');
    assert.ok(!(await rowTitles(page)).includes('Robert "Bobby" Chen'));
  });

  it('offers Sort + Filter as a dialog on a phone', async () => {
    await page.setViewport({ width: 375, height: 800 });
    await page.waitForFunction(() => !document.querySelector('#sidebar-filter'));
    await screenshot(page, 'videos', 375);
    await page.locator('main button::-p-text(Sort + Filter)').click();
    await waitForDialog(page);
    assert.equal(await page.$eval('#sort-filter-dialog-title', (el) => el.textContent), 'Sort + Filter Options');
    await page.type('#dialog-filter', 'chloe');
    await waitForFooter(page, '1 of 4 videos');
    await checkAccessibility(page, 'sort and filter dialog');
    await screenshot(page, 'videos-dialog', 375);
    await page.locator('::-p-aria([name="Done"][role="button"])').click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    assert.deepEqual(await rowTitles(page), ['Chloé Dubois']);
  });

  it('made no console errors', () => {
    assert.deepEqual(consoleErrors, []);
  });

  it("offers super users a New Video button on /settings/videos that opens the creator's new-video page", async () => {
    const context = await session.browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await signIn(admin, app.url, 'admin@example.com');
    const errors = watchConsole(admin);
    await admin.goto(`${app.url}/settings/videos`, { waitUntil: 'networkidle0' });
    const link = await admin.waitForSelector('main a::-p-text(New Video)');
    assert.equal(await link!.evaluate((a) => a.getAttribute('href')), '/creator/new');
    await link!.click();
    await admin.waitForFunction(() => location.pathname === '/creator/new');
    await admin.waitForFunction(() => !document.title.includes('Page not found') && !document.body.textContent?.includes('Page not found'));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
