import assert from 'node:assert/strict';
import type { Dialog, Page } from 'puppeteer-core';
import { type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';

const SLOW = { download: 200_000, upload: 100_000, latency: 1500 };
const pathOf = (page: Page) => page.evaluate(() => location.pathname);
const valueOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLInputElement).value);

/** Opens a creator step the way a person does: the page before it first, then its link in the step bar. */
async function reachStep(page: Page, url: string, from: string, step: string, ready: string): Promise<void> {
  await page.goto(`${url}${from}`, { waitUntil: 'networkidle0' });
  await page.locator(`nav[aria-label="Creator steps"] [data-step="${step}"]`).click();
  await page.waitForSelector(ready);
}

/**
 * The browser's Back button right after a change that has not been sent yet (text saves 500 ms after typing, the
 * seconds per slide a second after): the change reaches the server and the browser arrives where Back leads. Leaving
 * the site that way, the setup page asks first as it does on closing (a save is under way); the music page saves
 * without asking, as it does for its own links.
 */
describe('leaving a creator page with the browser Back button', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  const dialogs: string[] = [];
  const videoRow = () => app.running.deps.db('videos').where({ id: videoId }).first();

  const session = staffSession();
  before(async () => {
    ({ app, page, consoleErrors } = session);
    // The browser's own "Leave site?" question: recorded, and answered Leave, as someone in a hurry would.
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    const video = await app.running.deps.db('videos').where({ title: 'Robert "Bobby" Chen', organization_id: session.organization.id }).first();
    videoId = video.id;
    await app.running.deps.db('videos').where({ id: videoId }).update({ automatic_timing: false, slide_time: 9 });
  });
  afterEach(() => assert.deepEqual(consoleErrors, [], 'no console errors'));

  it('saves the setup text typed just before Back, then goes back', async () => {
    await reachStep(page, app.url, `/creator/${videoId}/slides`, 'setup', '#setup-subtitle');
    await page.click('#setup-subtitle', { count: 3 });
    // A slow connection: the save is still on its way after the page is gone, and still lands.
    await page.emulateNetworkConditions(SLOW);
    await page.type('#setup-subtitle', 'Typed before Back');
    await page.goBack();
    await page.waitForFunction((id) => location.pathname === `/creator/${id}/slides`, { timeout: 15_000 }, videoId);
    await waitForRow(() => videoRow().then((row) => row.subtitle === 'Typed before Back'));
    await page.emulateNetworkConditions(null);
    await page.goto(`${app.url}/creator/${videoId}/setup`, { waitUntil: 'networkidle0' });
    assert.equal(await valueOf(page, '#setup-subtitle'), 'Typed before Back');
  });

  it('makes the video whose title was typed just before Back, and stays where Back went', async () => {
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-text(New Video)').click();
    await page.waitForSelector('#setup-title');
    await page.click('#setup-title');
    await page.type('#setup-title', 'Made on the way out');
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 15_000 });
    await waitForRow(() => app.running.deps.db('videos').where({ title: 'Made on the way out', organization_id: session.organization.id }).first().then((row) => row !== undefined));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await pathOf(page), '/dashboard', 'the new video does not pull the page back to its setup');
  });

  it('saves the seconds per slide typed just before Back, then goes back', async () => {
    await reachStep(page, app.url, `/creator/${videoId}/setup`, 'music', '#slide-time');
    await page.click('#slide-time', { count: 3 });
    await page.type('#slide-time', '7.5');
    await page.goBack();
    await page.waitForFunction((id) => location.pathname === `/creator/${id}/setup`, { timeout: 15_000 }, videoId);
    await waitForRow(() => videoRow().then((row) => Number(row.slide_time) === 7.5));
    await page.goto(`${app.url}/creator/${videoId}/music`, { waitUntil: 'networkidle0' });
    assert.equal(await valueOf(page, '#slide-time'), '7.5');
  });

  /** Opens `step` as a page of its own after the dashboard, types into `field` and presses Back at once; answers the browser's questions. */
  async function typeAndLeaveSite(step: string, field: string, text: string): Promise<string[]> {
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    await page.goto(`${app.url}/creator/${videoId}/${step}`, { waitUntil: 'networkidle0' });
    await page.click(field, { count: 3 });
    await page.type(field, text);
    dialogs.length = 0;
    await page.goBack({ waitUntil: 'networkidle0' });
    assert.equal(await pathOf(page), '/dashboard');
    return [...dialogs];
  }

  it('keeps the setup text when Back leaves the app for the page before it', async () => {
    assert.deepEqual(await typeAndLeaveSite('setup', '#setup-subtitle', 'Typed before leaving'), ['beforeunload'], 'the browser asked first, as a save was under way');
    await waitForRow(() => videoRow().then((row) => row.subtitle === 'Typed before leaving'));
  });

  it('keeps the seconds per slide when Back leaves the app for the page before it', async () => {
    assert.deepEqual(await typeAndLeaveSite('music', '#slide-time', '11'), [], 'the music page saves without asking, as its links do');
    await waitForRow(() => videoRow().then((row) => Number(row.slide_time) === 11));
  });
});

/** The server may still be finishing a save the page sent as it went away. */
async function waitForRow(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail('the change never reached the server');
}
