import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { signIn } from './sign-in.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Colour transitions and dialogs fading in finish before axe reads contrast or a screenshot is taken (spinners of
 * work still going, which repeat forever, are not waited for).
 */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));

const tabNames = (page: Page) => page.$$eval('[role="tab"]', (tabs) => tabs.map((tab) => tab.textContent));
const selectedTab = (page: Page) => page.$eval('[role="tab"][aria-selected="true"]', (tab) => tab.textContent);
const progressText = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Progress')?.nextElementSibling?.textContent ?? '');
/** The order cards of the Order History tab: each one's text. */
const orderCards = (page: Page) => page.$$eval('article[aria-label^="Order "]', (cards) => cards.map((card) => card.textContent ?? ''));

describe('the details page tabs and ordering copies', function () {
  this.timeout(400_000);
  let app: E2eApp;
  let browser: Browser;
  let staffContext: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let video: { id: number; video_code: string };

  // The file's own organization on the shared app; its staff user's browser context and signed-in page.
  const session = staffSession();
  before(async () => {
    ({ app, browser, context: staffContext, page, consoleErrors } = session);
    // Spec 3 section 4.8: on completion the card rings the bell and shows a browser notification. Headless Chromium
    // shows neither, so the page's Notification records what it was asked to show (permission given) and the
    // bell's oscillators are counted.
    // A script text: functions compiled for the test carry helpers that do not exist in the page.
    await page.evaluateOnNewDocument(`
      window.notified = [];
      window.bellNotes = 0;
      Object.defineProperty(window, 'Notification', {
        configurable: true,
        value: Object.assign(function (title) { window.notified.push(title); }, { permission: 'granted', requestPermission: async () => 'granted' }),
      });
      const oscillator = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () {
        window.bellNotes += 1;
        return oscillator.call(this);
      };
    `);
    // Three photos at two seconds each: the render takes seconds.
    video = await makeStaffVideo(app, 'Evelyn Rose Hart', { slide_time: 2, automatic_timing: false });
    await addPhotos(app, video.id, [{ name: 'garden.jpg' }, { name: 'portrait.jpg', portrait: true }, { name: 'lake.jpg' }]);
  });

  it('finalizes and orders from the order page, the Finalize step of a branded organization', async () => {
    await page.goto(`${app.url}/creator/${video.id}/music`, { waitUntil: 'networkidle0' });
    // The step bar's last step leads to the order page (spec 1 section 2.1).
    await page.locator('nav[aria-label="Creator steps"] [data-step="finalize"]').click();
    await page.waitForFunction((id) => location.pathname === `/creator/${id}/order`, {}, video.id);
    await page.waitForSelector('::-p-text(Order copies)');
    const burn = await page.$eval('::-p-text(Automatically download and burn once finalized)', (label) =>
      (label.closest('label')?.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked,
    );
    assert.equal(burn, true, 'burning once finalized is checked by default');
    assert.match(await page.$eval('[aria-label="Burner warnings"]', (w) => w.textContent ?? ''), /This computer cannot burn DVDs/, 'headless Chromium (HeadlessChrome/) is not offered the burn tool');
    assert.equal(await page.$eval('button::-p-text(Finalize)', (b) => b.textContent), 'Finalize', 'no copies yet');
    await page.locator('button[aria-label="One more Keepsake USB Drive"]').click();
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent?.includes('Total $40.00'));
    await page.locator('button::-p-text(Finalize and Order)').wait();
    await settled(page);
    await checkAccessibility(page, 'order page');
    await screenshot(page, 'order-page', 1280);
    await screenshot(page, 'order-page', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('button::-p-text(Finalize and Order)').click();
    // Auto-burn ticked where the DVD cannot burn by itself: the details page's DVD download prompt, then its tabs.
    await page.waitForFunction((id) => location.pathname === `/videos/${id}/details` && location.search === '?prompt=dvd_download', { timeout: 20_000 }, video.id);
    await page.locator('main a::-p-text(Video Details)').click();
    await page.waitForFunction(() => location.search === '' && document.querySelector('[role="tablist"]'));
    const { db } = app.running.deps;
    const order = await db('orders').where({ video_id: video.id }).first();
    assert.equal(order.auto_burn, true, 'the burn choice is stored on the order');
    assert.deepEqual(await db('order_details').where({ order_id: order.id }).select('quantity', 'unit_price_cents'), [{ quantity: 1, unit_price_cents: 4000 }]);
  });

  it('shows the Video Details tab with its card and action bar once the render is complete', async () => {
    // Read from here rather than waited for in the page: the render may take longer than one protocol call may.
    const deadline = Date.now() + 300_000;
    while ((await progressText(page)) !== 'Complete') {
      assert.ok(Date.now() < deadline, `the render completes (progress: ${await progressText(page)})`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const told = await page.evaluate(() => {
      const { notified, bellNotes } = window as unknown as { notified: string[]; bellNotes: number };
      return { notified, bellNotes };
    });
    assert.deepEqual(told.notified, ['The video for Evelyn Rose Hart is complete!'], 'the browser notification, once');
    assert.ok(told.bellNotes > 0, 'the bell rang');
    // The page's callback read the video again: the finished HD video can be downloaded.
    await page.waitForFunction(() => [...document.querySelectorAll('a')].find((a) => a.textContent === 'Download HD')?.getAttribute('aria-disabled') === null);
    // The DVD is made after the HD video; its button shows a spinner until then, and the accessibility check waits
    // for every animation to end.
    const spinning = () => page.evaluate(() => document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity));
    while (await spinning()) {
      assert.ok(Date.now() < deadline, 'the DVD is made');
      await new Promise((r) => setTimeout(r, 1000));
    }
    const tabs = await tabNames(page);
    assert.equal(tabs[0], 'Video Details');
    assert.ok(tabs.includes('Order History'), 'the organization shows its branding: Order History is offered');
    assert.ok(tabs.indexOf('Order History') < tabs.indexOf('Extras') || !tabs.includes('Extras'), 'in the order of spec 3 section 2.1');
    const actions = await page.$$eval('section[aria-label="Actions"] a, section[aria-label="Actions"] button', (els) => els.map((el) => el.textContent?.trim()));
    for (const name of ['Order Hard Copies', 'Send to TV', 'Download HD', 'Burning Help']) assert.ok(actions.includes(name), `${name} is in the action bar (${actions.join(', ')})`);
    assert.ok(!actions.includes('Burn DVD'), 'the burn tool is not offered to headless Chromium, which names itself HeadlessChrome/ (Linux itself is supported)');
    assert.equal(await page.$eval('::-p-text(Direct Delivery)', (dt) => dt.nextElementSibling?.textContent), 'None');

    await page.locator('section[aria-label="Actions"] button::-p-text(Send to TV)').click();
    await page.waitForSelector('[role="dialog"] ::-p-text(Send to TV with Direct Delivery)');
    await settled(page);
    await checkAccessibility(page, 'Send to TV dialog');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    // Focus goes back to Send to TV, whose focus ring pulses forever: the accessibility check waits for animations.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await settled(page);
    await checkAccessibility(page, 'details tab');
    await screenshot(page, 'details-tab', 1280);
    await screenshot(page, 'details-tab', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('offers Burn DVD with its install dialog on Windows with Chrome', async () => {
    // In the staff user's context: signed in as the staff user.
    const windows = await staffContext.newPage();
    await windows.setUserAgent(WINDOWS_CHROME);
    await windows.setViewport({ width: 1280, height: 900 });
    await windows.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await windows.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
    await windows.waitForSelector('[role="dialog"] ::-p-text(Install the DVD burning tool)');
    const links = await windows.$$eval('[role="dialog"] a', (as) => as.map((a) => a.getAttribute('href')));
    assert.ok(links.includes('/denim/download_resource/installer'), 'the installer is linked');
    assert.ok(!links.includes('/denim/download_resource/firefox_extension_latest'), 'Chrome needs no Firefox extension');
    assert.equal(await windows.$('[role="dialog"] ::-p-text(Compatible with)'), null, 'the compatibility note is for admins');
    await settled(windows);
    await checkAccessibility(windows, 'burn install dialog');
    await screenshot(windows, 'burn-install-dialog', 1280);
    await windows.close();
  });

  it('keeps the selected tab in the address: reload keeps it, Back returns to the previous tab', async () => {
    await page.locator('[role="tab"]::-p-text(Order History)').click();
    await page.waitForFunction(() => location.search === '?tab=orders');
    await page.waitForSelector('article[aria-label^="Order "]');
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('article[aria-label^="Order "]');
    assert.equal(await selectedTab(page), 'Order History', 'a reload keeps the tab');
    await page.goBack({ waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.search === '');
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Video Details');
    await page.goForward({ waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Order History');
    const [card] = await orderCards(page);
    assert.match(card, /placed when finalizing/);
    assert.match(card, /Keepsake USB Drivex1/);
    assert.match(card, /Processing/);
    assert.match(card, /Burn to DVD once finalized/);
  });

  it('orders two DVD copies from /orders/hard_copies and shows them in Order History', async () => {
    await page.locator('a::-p-text(Order Hard Copies)').click();
    await page.waitForFunction((code) => location.pathname === `/orders/hard_copies/${code}`, {}, video.video_code);
    await page.waitForSelector('::-p-text(Evelyn Rose Hart)');
    const placeOrder = () => page.$eval('button::-p-text(Place Order)', (b) => (b as HTMLButtonElement).disabled);
    assert.equal(await placeOrder(), true, 'nothing to order yet');
    await page.locator('button[aria-label="One more DVD in Memorial Case"]').click();
    await page.locator('button[aria-label="One more DVD in Memorial Case"]').click();
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent === '2 copiesTotal $50.00');
    assert.equal(await placeOrder(), false);
    await settled(page);
    await checkAccessibility(page, 'hard copies page');
    await screenshot(page, 'hard-copies', 1280);
    await screenshot(page, 'hard-copies', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('button::-p-text(Place Order)').click();
    await page.waitForFunction((id) => location.pathname === `/videos/${id}/details` && location.search === '?tab=orders', {}, video.id);
    await page.waitForFunction(() => document.querySelectorAll('article[aria-label^="Order "]').length === 2);
    const [newest] = await orderCards(page);
    assert.match(newest, /copies ordered later/);
    assert.match(newest, /DVD in Memorial Casex2/);
    assert.match(newest, /2 × \$25\.00 = \$50\.00/);
    assert.match(newest, /Total \$50\.00/);
    assert.match(newest, /Processing/);
    await settled(page);
    await checkAccessibility(page, 'order history tab');
    await screenshot(page, 'order-history', 1280);
    await screenshot(page, 'order-history', 375);
    await page.setViewport({ width: 1280, height: 900 });
    assert.equal(await page.$('a[href^="/settings/order_details"]'), null, 'only admins are offered the expanded order history');
    assert.deepEqual(consoleErrors, []);
  });

  it("gives admins the video's order details line by line at /settings/order_details?scope=video&video_id=", async () => {
    // The demo's super user sees every organization's videos, this file's too.
    const context = await browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await signIn(admin, app.url, 'admin@example.com');
    const errors = watchConsole(admin);
    await admin.goto(`${app.url}/videos/${video.id}/details?tab=orders`, { waitUntil: 'networkidle0' });
    await admin.locator('a::-p-text(Order Details)').click();
    await admin.waitForFunction((id) => location.pathname === '/settings/order_details' && location.search === `?scope=video&video_id=${id}`, {}, video.id);
    await admin.waitForSelector('table[aria-label="Order details of Evelyn Rose Hart"] tbody tr');
    const rows = await admin.$$eval('table[aria-label^="Order details"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    assert.equal(rows.length, 2, 'one line for each order');
    // Newest first: the DVDs ordered later, then the USB drive ordered when finalizing.
    assert.match(rows[0][0], /Copies ordered later/);
    assert.deepEqual(rows[0].slice(3, 7), ['DVD in Memorial Case', '2', '$25.00', '$50.00']);
    assert.match(rows[0][7], /Processing/);
    assert.match(rows[1][0], /When finalizing/);
    assert.deepEqual(rows[1].slice(3, 7), ['Keepsake USB Drive', '1', '$40.00', '$40.00']);
    assert.match(rows[1][2], /Sam Staff/, 'who placed it');
    assert.match(await admin.$eval('table[aria-label^="Order details"] tfoot', (f) => f.textContent ?? ''), /2 orders\$90\.00/);
    assert.equal(await admin.$eval('main a::-p-text(Evelyn Rose Hart)', (a) => a.getAttribute('href')), `/videos/${video.id}/details`);
    await settled(admin);
    await checkAccessibility(admin, 'order details of one video');
    await screenshot(admin, 'order-details-video', 1280);
    await screenshot(admin, 'order-details-video', 375);
    await admin.setViewport({ width: 1280, height: 900 });
    await admin.locator('a::-p-text(Products and prices)').click();
    await admin.waitForFunction(() => location.pathname === '/settings/order_details' && location.search === '');
    await admin.waitForSelector('input[aria-label="Search products"], input[placeholder="Search products"], ::-p-text(Prices for organizations)');
    assert.equal(await admin.$('table[aria-label^="Order details of"]'), null, 'the catalogue again');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
