import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { staffSession } from './shared.ts';
import { signIn } from './sign-in.ts';

const HIDE_EMBED = '::-p-xpath(//label[contains(., "Hide embedded video")])';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

/** The card's row value by its label (the card is a dl of dt and dd), or null when the row is not shown. */
const cardRow = (page: Page, label: string) =>
  page.evaluate((l) => [...document.querySelectorAll('dt')].find((dt) => dt.textContent === l)?.nextElementSibling?.textContent ?? null, label);

/**
 * Issue 30's items 12, 16 and 17 in a real browser, on one finished video: the Share or Embed tab's social links
 * while the video is public, views counted once per viewer and day as the player page plays and the card's count
 * moving (and the Show Views setting hiding it), the cover linking the tribute page, and the super user's
 * Organization and Creator rows linking their pages.
 */
describe('the details page’s public links, views and admin links', function () {
  this.timeout(400_000);
  let app: E2eApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let video: { id: number; videoCode: string };
  const player = () => `${app.url}/videos/embedded_video/${video.videoCode}`;

  /** Opens the player page as a member of the public with this browser, plays it, and says whether a view was reported. */
  async function play(context: BrowserContext, userAgent?: string): Promise<number | null> {
    const viewer = await context.newPage();
    if (userAgent) await viewer.setUserAgent(userAgent);
    await viewer.goto(player(), { waitUntil: 'networkidle0' });
    const reported = viewer.waitForResponse((r) => r.url().endsWith(`/videos/embedded_video/${video.videoCode}/view`), { timeout: 10_000 }).then((r) => r.status(), () => null);
    // Muted, as a page may start a video without a click; the page's script listens for the play event either way.
    await viewer.$eval('video', (v) => {
      const el = v as HTMLVideoElement;
      el.muted = true;
      return el.play();
    });
    const status = await reported;
    await viewer.close();
    return status;
  }

  // The file's own organization on the shared app. play() starts the player's video from a script, without a click,
  // which Chromium's default autoplay policy (the shared browser's) may refuse: this file keeps a Chromium of its own.
  const session = staffSession({ browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
  before(async () => {
    ({ app, browser, page, consoleErrors: errors } = session);
    video = await makeFinishedVideo(app, page, 'Rosalind Ivy Thatcher');
  });

  it('links the cover to the tribute page: the player page, or the family’s obituary page once the video has one', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    const cover = () => page.$eval('img[alt="Cover of Rosalind Ivy Thatcher"]', (img) => img.closest('a')?.getAttribute('href') ?? null);
    assert.equal(await cover(), `/videos/embedded_video/${video.videoCode}`);
    await app.running.deps.db('videos').where({ id: video.id }).update({ obit_url: 'https://obituaries.example/rosalind-thatcher' });
    await page.reload({ waitUntil: 'networkidle0' });
    assert.equal(await cover(), 'https://obituaries.example/rosalind-thatcher');
    await app.running.deps.db('videos').where({ id: video.id }).update({ obit_url: null });
  });

  it('offers Facebook, X and WhatsApp share links while the video is public, and none once its player is hidden', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details?tab=share`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('a[data-social="facebook"]');
    const social = await page.$$eval('a[data-social]', (as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]));
    // The address the server gives out is its PUBLIC_URL (the harness leaves it at its default), not the test port.
    const playerUrl = `${app.running.deps.config.publicUrl}/videos/embedded_video/${video.videoCode}`;
    const link = encodeURIComponent(playerUrl);
    const words = encodeURIComponent('The tribute video for Rosalind Ivy Thatcher');
    assert.deepEqual(social, [
      ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${link}`, '_blank'],
      ['X', `https://x.com/intent/post?url=${link}&text=${words}`, '_blank'],
      ['WhatsApp', `https://wa.me/?text=${encodeURIComponent(`The tribute video for Rosalind Ivy Thatcher\n${playerUrl}`)}`, '_blank'],
    ]);
    await checkAccessibility(page, 'share tab with social links');
    await screenshot(page, 'share-social-links', 1280);
    await screenshot(page, 'share-social-links', 375);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'the toolbar wraps on a phone');
    await page.setViewport({ width: 1280, height: 900 });

    // Hidden, the player is nobody's to watch: the social links go.
    const saved = page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().includes(`/${video.id}`) && r.ok());
    await page.locator(HIDE_EMBED).click();
    await saved;
    await page.waitForFunction(() => !document.querySelector('a[data-social]'), { timeout: 10_000 });
    const restored = page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().includes(`/${video.id}`) && r.ok());
    await page.locator(HIDE_EMBED).click();
    await restored;
    await page.waitForSelector('a[data-social="x"]');
  });

  it('counts a play of the player page once per viewer and day, and the card’s Views count moves', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    assert.equal(await cardRow(page, 'Views'), '0');
    const publicViewer = await browser.createBrowserContext();
    assert.equal(await play(publicViewer), 204, 'the first play is reported');
    assert.equal(await play(publicViewer), 204, 'a second visit reports its play too');
    assert.equal(await play(publicViewer, OTHER_BROWSER), 204, 'another viewer');
    await publicViewer.close();
    const counted = await app.running.deps.db('video_views').where({ video_id: video.id }).count<{ count: string }[]>('* as count');
    assert.equal(Number(counted[0].count), 2, 'one row per viewer and day');
    await page.reload({ waitUntil: 'networkidle0' });
    assert.equal(await cardRow(page, 'Views'), '2', 'the same viewer again the same day is not a second view');
    await screenshot(page, 'details-views', 1280);
    await screenshot(page, 'details-views', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('hides the card’s Views row with the videos list’s Show Views switch, and shows it again', async () => {
    await page.goto(`${app.url}/videos`, { waitUntil: 'networkidle0' });
    const showViews = '::-p-xpath(//label[contains(., "Show Views")]//input)';
    const checked = () => page.$eval(showViews, (i) => (i as HTMLInputElement).checked);
    assert.equal(await checked(), true);
    await page.locator(showViews).click();
    assert.equal(await checked(), false);
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => [...document.querySelectorAll('dt')].some((dt) => dt.textContent === 'Duration'));
    assert.equal(await cardRow(page, 'Views'), null, 'no Views row while Show Views is off');
    await page.goto(`${app.url}/videos`, { waitUntil: 'networkidle0' });
    await page.locator(showViews).click();
    assert.equal(await checked(), true);
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    assert.equal(await cardRow(page, 'Views'), '2');
    assert.deepEqual(errors, []);
  });

  it('links the super user’s Organization and Creator rows to their administration pages', async () => {
    const context = await browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await signIn(admin, app.url, 'admin@example.com');
    const adminErrors = watchConsole(admin);
    const { db } = app.running.deps;
    const row = await db('videos as v').join('organizations as o', 'o.id', 'v.organization_id').join('users as u', 'u.id', 'v.user_id').where('v.id', video.id).first('v.organization_id', 'o.organization_name', 'v.user_id', 'u.name');
    await admin.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await admin.waitForSelector('[data-testid="organization-link"]');
    assert.deepEqual(await admin.$eval('[data-testid="organization-link"]', (a) => [a.textContent, a.getAttribute('href')]), [row.organization_name, `/settings/organizations?edit=${row.organization_id}`]);
    assert.deepEqual(await admin.$eval('[data-testid="creator-link"]', (a) => [a.textContent, a.getAttribute('href')]), [row.name, `/settings/users/${row.user_id}`]);
    assert.equal(await admin.$('[data-testid="creator-organization-link"]'), null, 'the creator works for the video’s organization');
    await screenshot(admin, 'details-admin-links', 1280);
    await screenshot(admin, 'details-admin-links', 375);
    await admin.setViewport({ width: 1280, height: 900 });
    // The Organization link opens that organization's edit form.
    await admin.locator('[data-testid="organization-link"]').click();
    await admin.waitForFunction((id) => location.pathname === '/settings/organizations' && location.search === `?edit=${id}`, {}, row.organization_id);
    await admin.waitForSelector('[role="dialog"] input[name="organizationName"], [role="dialog"] input[name="organization_name"]', { timeout: 15_000 });
    const name = await admin.$eval('[role="dialog"] input[name="organizationName"], [role="dialog"] input[name="organization_name"]', (i) => (i as HTMLInputElement).value);
    assert.equal(name, row.organization_name);
    await admin.goBack({ waitUntil: 'networkidle0' });
    await admin.locator('[data-testid="creator-link"]').click();
    await admin.waitForFunction((id) => location.pathname === `/settings/users/${id}`, {}, row.user_id);
    await admin.waitForSelector(`::-p-text(${row.name})`);
    assert.ok(!(await admin.content()).includes('Page not found'));
    assert.deepEqual(adminErrors, []);
    await context.close();
  });
});
