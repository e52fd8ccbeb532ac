import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { CUSTOM_THEME_BASE_ID } from '../../common/custom-theme.ts';
import { AFFILIATE_WARNING } from '../../web/src/features/setup/setup-values.ts';
import { checkAccessibility, screenshot, watchConsole } from './harness.ts';
import { staffSession } from './shared.ts';
import { signIn } from './sign-in.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

const WARNING = '[data-testid="affiliate-warning"]';
const ARTWORK = 'img[data-testid="artwork-preview"]';

/** Opens a setup page and waits until its theme card has drawn the chosen theme's name. */
async function openSetup(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForSelector('::-p-xpath(//main//h1[normalize-space()="Video Setup"])');
  await page.waitForSelector('[data-testid="current-theme"]');
}

const shots = async (page: Page, name: string) => {
  await checkAccessibility(page, name);
  await screenshot(page, name, 1280);
  await screenshot(page, name, 375);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, `${name}: nothing wider than a phone`);
  await page.setViewport({ width: 1280, height: 900 });
};

/**
 * Issue 30's items 13, 14 and 15 in a real browser: the setup page's warning for an affiliate customer's staff, its
 * artwork preview under the organization's showArtwork flag, and search's flower-order and builder links.
 */
describe('the setup page’s affiliate warning and artwork preview, and search’s obituary links', function () {
  this.timeout(240_000);
  const ui = staffSession();
  const org = () => ui.app.running.deps.db('organizations').where({ id: ui.organization.id });
  let themeId: number;

  before(async () => {
    const [theme] = await ui.app.running.deps.db('themes').where({ debug: false, disabled: false }).whereNot({ id: CUSTOM_THEME_BASE_ID }).orderBy('id').select('id', 'theme_title');
    themeId = theme.id;
  });

  it('warns an affiliate customer’s staff that a video made here is not embedded in their website, and no one else', async () => {
    await org().update({ partner_name: 'Heritage Web Partners' });
    await openSetup(ui.page, `${ui.app.url}/creator/new`);
    assert.equal(await ui.page.$eval(WARNING, (el) => el.textContent), AFFILIATE_WARNING);
    await shots(ui.page, 'setup-affiliate-warning');
    // A video their website's integration started (it carries the site's foreign id) is embedded there: no warning.
    const integrated = await makeStaffVideo(ui.app, 'Ambrose Lyle Penrose', { foreign_id: 'site-obit-4471', theme_id: themeId });
    await openSetup(ui.page, `${ui.app.url}/creator/${integrated.id}/setup`);
    assert.equal(await ui.page.$(WARNING), null, 'no warning for a video the website started');
    // A home that came to us directly has nothing to be warned about.
    await org().update({ partner_name: null });
    await openSetup(ui.page, `${ui.app.url}/creator/new`);
    assert.equal(await ui.page.$(WARNING), null, 'no warning without a website partner');
  });

  it('shows the theme’s artwork preview only while the organization’s showArtwork flag is on', async () => {
    const video = await makeStaffVideo(ui.app, 'Cordelia Faye Ashworth', { theme_id: themeId });
    await org().update({ show_artwork: true });
    await openSetup(ui.page, `${ui.app.url}/creator/${video.id}/setup`);
    await ui.page.waitForFunction((s) => {
      const img = document.querySelector(s) as HTMLImageElement | null;
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, { timeout: 20_000 }, ARTWORK);
    const theme = await ui.page.$eval('[data-testid="current-theme"]', (el) => el.textContent);
    assert.equal(await ui.page.$eval(ARTWORK, (img) => img.getAttribute('alt')), `Artwork preview: ${theme}`);
    await shots(ui.page, 'setup-artwork-on');

    await org().update({ show_artwork: false });
    await openSetup(ui.page, `${ui.app.url}/creator/${video.id}/setup`);
    assert.equal(await ui.page.$(ARTWORK), null, 'no artwork preview');
    assert.equal(await ui.page.$('::-p-text(No artwork yet)'), null, 'nor the empty frame standing in for one');
    assert.equal(await ui.page.$eval('[data-testid="current-theme"]', (el) => el.textContent), theme, 'the theme is still named');
    await shots(ui.page, 'setup-artwork-off');
    await org().update({ show_artwork: true });
    assert.deepEqual(ui.consoleErrors, []);
  });

  it('links an obituary found by search to its flower order page and to the builder of its video', async () => {
    const { db } = ui.app.running.deps;
    const video = await makeStaffVideo(ui.app, 'Winifred Oakes', { theme_id: themeId });
    const [website] = await db('obituary_websites').insert({ organization_id: ui.organization.id, name: 'Oakes & Daughters Obituaries', domain: 'oakes-daughters.example', obituary_slug: 'obituaries' }).returning('id');
    const [obituary] = await db('obituaries').insert({ website_id: website.id, slug: 'winifred-oakes-1938' }).returning('id');
    await db('obituary_videos').insert({ obituary_id: obituary.id, video_id: video.id, name: 'Winifred Oakes' });

    // Search is the super users' tool: their own browser context.
    const context = await ui.browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await signIn(admin, ui.app.url, 'admin@example.com');
    const errors = watchConsole(admin);
    await admin.locator('header input[name="q"]').fill('winifred oakes');
    await Promise.all([admin.waitForNavigation(), admin.keyboard.press('Enter')]);
    await admin.waitForSelector('section[data-source="obituaries"] tbody tr', { timeout: 20_000 });
    const links = await admin.$$eval('section[data-source="obituaries"] tbody tr a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    assert.deepEqual(
      links.filter(([text]) => text === 'Send Flowers' || text === 'Video Builder'),
      [
        ['Send Flowers', 'https://oakes-daughters.example/obituaries/winifred-oakes-1938/flowers'],
        ['Video Builder', `/creator/${video.id}/setup`],
      ],
    );
    await admin.waitForFunction(() => ![...document.querySelectorAll('main [role="progressbar"]')].length, { timeout: 20_000 });
    await screenshot(admin, 'search-obituary-links', 1280);
    await screenshot(admin, 'search-obituary-links', 375);
    await admin.setViewport({ width: 1280, height: 900 });
    await admin.locator('section[data-source="obituaries"] tbody tr a::-p-text(Video Builder)').click();
    await admin.waitForFunction((id) => location.pathname === `/creator/${id}/setup`, {}, video.id);
    await admin.waitForSelector('::-p-xpath(//main//h1[normalize-space()="Video Setup"])');
    await admin.waitForFunction(() => (document.querySelector('main [name="title"]') as HTMLInputElement | null)?.value === 'Winifred Oakes', { timeout: 10_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
