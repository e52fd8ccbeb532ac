import assert from 'node:assert/strict';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { checkAccessibility, launchBrowser, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';
import { attachShortestSong } from './page-api.ts';
import { signIn } from './sign-in.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

/** The Download DVD button of the page (the prompt's heading says Download DVD too). */
const DOWNLOAD_DVD = 'div[role="group"][aria-label="Download DVD"] > button:first-child';
const downloadDisabled = (page: Page) => page.$eval(DOWNLOAD_DVD, (b) => (b as HTMLButtonElement).disabled);

/**
 * The prompt-only mount of the details page (spec 3 section 2.1): /videos/{id}/details?prompt=dvd_download shows
 * the DVD download prompt alone. Headless Chromium cannot burn, so finalizing with auto-burn ticked lands there.
 */
describe('the DVD download prompt (the details page’s prompt-only mount)', function () {
  this.timeout(400_000);
  let app: E2eApp;
  let page: Page;
  let errors: string[];
  let video: { id: number; video_code: string };
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;

  // An app of its own, not the shared one: the test waits for its render, which must not queue behind renders
  // that the shared app's earlier files left running (on two loaded CI runs it waited more than 300 s there).
  before(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
    errors = watchConsole(page);
    // The disc image is asked for, not saved: the test waits for the download's request itself.
    await (await page.createCDPSession()).send('Browser.setDownloadBehavior', { behavior: 'deny' });
    video = await makeStaffVideo(app, 'Harriet Mae Colville', { slide_time: 2, automatic_timing: false });
    await addPhotos(app, video.id, [{ name: 'garden.jpg' }, { name: 'lake.jpg' }]);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens after finalizing with auto-burn where the DVD cannot burn by itself, with only the prompt', async () => {
    await page.goto(`${app.url}/creator/${video.id}/music`, { waitUntil: 'networkidle0' });
    // Two seconds a photo, as the other finished-video fixtures: automatic timing would stretch the two photos over
    // the whole song, minutes of video to render before the next test can see the DVD turn on.
    await attachShortestSong(page, video.id, 2);
    await page.goto(`${app.url}/creator/${video.id}/order`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Automatically download and burn once finalized)');
    assert.match(await page.$eval('[aria-label="Burner warnings"]', (w) => w.textContent ?? ''), /the DVD can be downloaded to burn with this computer's own disc burning/);
    await page.locator('label ::-p-text(I agree to the stock music license agreement)').click();
    await page.locator('button::-p-text(Finalize)').click();
    await page.waitForFunction((id) => location.pathname === `/videos/${id}/details` && location.search === '?prompt=dvd_download', { timeout: 20_000 }, video.id);
    await page.waitForSelector('::-p-xpath(//main//h1[normalize-space()="Download DVD"])');
    assert.equal(await page.$('[role="tablist"]'), null, 'none of the page’s tabs');
    assert.equal(await page.$('section[aria-label="Actions"]'), null, 'none of the Video Details tab');
    assert.ok(await page.$('::-p-text(Harriet Mae Colville)'), 'the video’s title');
    // Still being made: the progress, and Download DVD waits for the video.
    await page.waitForSelector('::-p-text(The DVD can be downloaded once the video is finished)');
    assert.equal(await downloadDisabled(page), true);
    // It read the video as finalized, so it watches the render: a copy read before Finalize (SWR keeps one for two
    // seconds) said "Video is unfinished" and Download DVD never turned on.
    assert.doesNotMatch(await page.$eval('main', (m) => m.textContent ?? ''), /Video is unfinished/);
    await checkAccessibility(page, 'DVD download prompt while rendering');
    await screenshot(page, 'dvd-prompt-rendering', 1280);
    await screenshot(page, 'dvd-prompt-rendering', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('turns Download DVD on by itself once the video is finished, and downloads the disc image', async () => {
    // Watched from here, a short look a second: one in-page wait longer than puppeteer's protocol timeout (180 s)
    // would fail as a protocol error, not as the video that was not finished.
    const deadline = Date.now() + 300_000;
    const renders = () => app.running.deps.db('renders').where({ video_id: video.id }).orderBy('id').select('kind', 'status', 'progress', 'message');
    while (await downloadDisabled(page)) {
      const made = await renders();
      assert.ok(!made.some((r) => r.status === 'failed'), `a render failed: ${JSON.stringify(made)}`);
      assert.ok(Date.now() < deadline, `Download DVD did not turn on within 300 s of finalizing; the renders: ${JSON.stringify(made)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await page.waitForSelector('::-p-text(The DVD is ready to download)');
    await checkAccessibility(page, 'DVD download prompt, ready');
    await screenshot(page, 'dvd-prompt-ready', 1280);
    await screenshot(page, 'dvd-prompt-ready', 375);
    await page.setViewport({ width: 1280, height: 900 });
    const disc = page.waitForRequest((r: HTTPRequest) => r.url().endsWith(`/downloads/video/${video.video_code}/dvd.iso`), { timeout: 300_000 });
    const asked = page.waitForResponse((r) => r.url().endsWith('/downloads/request_iso') && r.request().method() === 'POST');
    await page.locator(DOWNLOAD_DVD).click();
    assert.equal((await asked).status(), 200);
    await disc;
    // The full page is a link away.
    await page.locator('main a::-p-text(Video Details)').click();
    await page.waitForFunction((id) => location.pathname === `/videos/${id}/details` && location.search === '', {}, video.id);
    await page.waitForSelector('[role="tablist"]');
    assert.deepEqual(errors.filter((e) => !/net::ERR_ABORTED|ERR_FAILED/.test(e)), []);
  });

  it('says so for an address naming a video that is not the caller’s, as the page does', async () => {
    await page.goto(`${app.url}/videos/999999/details?prompt=dvd_download`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Page not found)');
  });
});
