import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { signIn } from './sign-in.ts';

const texts = (page: Page, selector: string) => page.$$eval(selector, (nodes) => nodes.map((n) => (n.textContent ?? '').trim()));

describe('the dashboard', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let organizationId: number;

  // The file's own organization (the demo's five videos and three orders) on the shared app.
  const session = staffSession();
  before(() => {
    ({ app, browser, page, consoleErrors } = session);
    organizationId = session.organization.id;
  });

  it('shows the recent videos and orders of the seeded organization', async () => {
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('section[aria-labelledby="recent-videos-heading"] li');
    const videoTitles = await texts(page, 'section[aria-labelledby="recent-videos-heading"] li a p:first-child');
    assert.equal(videoTitles.length, 5);
    for (const title of ['José Álvarez', 'Chloé Dubois', 'Anna-Lena Björk']) assert.ok(videoTitles.includes(title), title);

    const newVideo = await page.$eval('::-p-text(New Video)', (el) => el.closest('a')?.getAttribute('href'));
    assert.match(newVideo ?? '', /^\/creator\/new\?user_id=\d+$/);

    const orders = await texts(page, 'section[aria-labelledby="recent-orders-heading"] > div > ul > li');
    assert.equal(orders.length, 3);
    const all = orders.join('\n');
    assert.match(all, /DVD in Memorial Case/);
    assert.match(all, /Shipped [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    assert.match(all, /Tracking: 1Z999AA10123456784/);
    assert.match(all, /Keepsake USB Drive\s*x2/);
    assert.match(all, /Processing/);
    assert.match(all, /HD Download\s*x3/);
    assert.match(all, /Cancelled [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    const trackingHref = await page.$eval('::-p-text(1Z999AA10123456784)', (el) => el.closest('a')?.getAttribute('href'));
    assert.equal(trackingHref, 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const orderLinks = await page.$$eval('section[aria-labelledby="recent-orders-heading"] li > div > a', (as) => as.map((a) => a.getAttribute('href')));
    for (const href of orderLinks) assert.match(href ?? '', /^\/videos\/\d+\/details$/);

    const images = await page.$$eval('section img', (imgs) => imgs.map((i) => ({ src: (i as HTMLImageElement).src, ok: (i as HTMLImageElement).naturalWidth > 0 })));
    assert.ok(images.some((i) => i.src.endsWith('/product_images/dvd.svg')));
    for (const image of images) assert.ok(image.ok, `${image.src} loads`);

    // Fewer than 10 of each: no paging yet.
    assert.equal(await page.$('::-p-text(Load More)'), null);
    await checkAccessibility(page, 'dashboard');
    await screenshot(page, 'dashboard', 1280);
    await screenshot(page, 'dashboard', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('opens the menu drawer with the pages of a signed-in user', async () => {
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria(Open menu)').click();
    await page.waitForSelector('nav[aria-label="Main menu"]');
    const links = await page.$$eval('.MuiDrawer-paper nav a', (as) => as.map((a) => a.getAttribute('href')));
    // The demo organization has billing on: Billing after Service of Remembrance.
    assert.deepEqual(links, ['/dashboard', '/videos', '/organizations/account_settings', '/sor', '/reports/statement_history', '/users/logout']);
    const width = await page.$eval('.MuiDrawer-paper', (el) => el.getBoundingClientRect().width);
    assert.equal(width, 350, 'the menu drawer is 350 wide on a wide window');
    await checkAccessibility(page, 'menu drawer');
    await screenshot(page, 'menu-drawer', 375);
    assert.equal(await page.$eval('.MuiDrawer-paper', (el) => el.getBoundingClientRect().width), 300, 'a 300 wide drawer on a narrow window');
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('nav[aria-label="Main menu"] ::-p-text(Videos)').click();
    await page.waitForFunction(() => location.pathname === '/videos');
  });

  it('gives super users the administration drawer and the search box', async () => {
    const context = await browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await signIn(admin, app.url, 'admin@example.com');
    const errors = watchConsole(admin);
    await admin.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    // The search box submits to /search (spec 1, 2.11); test/e2e/search.test.ts follows it there.
    await admin.waitForSelector('::-p-aria(Open administration menu)');
    assert.equal(await admin.$eval('header form[role="search"]', (form) => form.getAttribute('action')), '/search');
    assert.ok(await admin.$('header input[type="search"][name="q"]'));
    // The icon's label is fetched with the first hover, and that first hover still shows it.
    await admin.hover('[aria-label="Open administration menu"]');
    await admin.waitForSelector('[role="tooltip"] ::-p-text(Administration)');
    await admin.locator('::-p-aria(Open administration menu)').click();
    await admin.waitForSelector('nav[aria-label="Administration"]');
    const links = await admin.$$eval('nav[aria-label="Administration"] a', (as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, ['/settings/partners', '/settings/corporations', '/settings/organizations', '/settings/brands', '/settings/users', '/settings/videos', '/settings/order_details', '/settings/silks', '/settings/stock_texts', '/settings/stock_songs', '/settings/stock_videos', '/settings/themes', '/settings/tax_certificates', '/statistics/sales_main', '/statistics/production', '/user_reports/overdue_statements', '/billing/print_invoices', '/reports/affiliate_index', '/reports/collections', '/settings/outbox', '/settings/obituaries']);
    await admin.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDrawer-paper')!).transform === 'none');
    await checkAccessibility(admin, 'administration drawer');
    await admin.keyboard.press('Escape');
    const posted = await admin.evaluate(async () => {
      const res = await fetch('/r/systems/client_broadcast', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ broadcast: 'Scheduled maintenance tonight at 10 pm.', enabled: true }),
      });
      return res.status;
    });
    assert.equal(posted, 200);
    await admin.reload({ waitUntil: 'networkidle0' });
    await admin.waitForSelector('::-p-text(Scheduled maintenance tonight at 10 pm.)');
    await checkAccessibility(admin, 'broadcast banner');
    await screenshot(admin, 'broadcast-banner', 1280);
    assert.deepEqual(errors, []);
    // The broadcast is the whole app's: off again, so the files that share the app after this one do not show it.
    const cleared = await admin.evaluate(async () => {
      const res = await fetch('/r/systems/client_broadcast', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ broadcast: '', enabled: false }),
      });
      return res.status;
    });
    assert.equal(cleared, 200);
    await context.close();
  });

  it('pages recent videos ten at a time with Load More, and links to all videos', async () => {
    const db = app.running.deps.db;
    for (let i = 1; i <= 8; i++) {
      await db('videos').insert({ organization_id: organizationId, title: `Older Video ${i}`, video_code: `e2e-code-${i}`, security_hash: `e2e-hash-${i}`, created_at: new Date(2020, 0, i) });
    }
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    const rows = 'section[aria-labelledby="recent-videos-heading"] li';
    await page.waitForSelector(rows);
    assert.equal((await page.$$(rows)).length, 10);
    assert.equal(await page.$eval('section[aria-labelledby="recent-videos-heading"] ::-p-text(View All)', (a) => a.closest('a')?.getAttribute('href')), '/videos');
    await page.locator('section[aria-labelledby="recent-videos-heading"] button::-p-text(Load More)').click();
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 13, {}, rows);
    const titles = await texts(page, `${rows} a p:first-child`);
    assert.deepEqual(titles.slice(10), ['Older Video 3', 'Older Video 2', 'Older Video 1']);
    // The server said the last page was the end: nothing more to load.
    assert.equal(await page.$('section[aria-labelledby="recent-videos-heading"] button::-p-text(Load More)'), null);
  });

  it('offers Load More exactly while the server has more, whatever the length of the page that came', async () => {
    const db = app.running.deps.db;
    const live = () => db('videos').where({ organization_id: organizationId }).whereNull('deleted_at');
    const [{ count: videoCount }] = await live().count<{ count: number }[]>('* as count');
    // Exactly two pages of videos, and exactly one page of orders.
    for (let i = Number(videoCount); i < 20; i++) {
      await db('videos').insert({ organization_id: organizationId, title: `Two Pages ${i}`, video_code: `e2e-two-${i}`, security_hash: `e2e-two-hash-${i}`, created_at: new Date(2019, 0, 1 + i) });
    }
    const [{ count: orderCount }] = await db('orders').join('videos', 'videos.id', 'orders.video_id').where('videos.organization_id', organizationId).count<{ count: number }[]>('* as count');
    const { id: orderedVideo } = await live().first();
    for (let i = Number(orderCount); i < 10; i++) await db('orders').insert({ video_id: orderedVideo, organization_id: organizationId, order_date: new Date(2019, 0, 1 + i) });

    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    const rows = 'section[aria-labelledby="recent-videos-heading"] li';
    const videosLoadMore = 'section[aria-labelledby="recent-videos-heading"] button::-p-text(Load More)';
    // The rows once the column says it is no longer loading: the page asked for has come, whatever its length.
    const loadedRows = async () => {
      await page.waitForFunction(
        (section) => !document.querySelector(section)?.textContent?.includes('Loading...'),
        { timeout: 60_000 },
        'section[aria-labelledby="recent-videos-heading"]',
      );
      return (await page.$$(rows)).length;
    };
    await page.waitForSelector(rows);
    assert.equal((await page.$$(`section[aria-labelledby="recent-orders-heading"] > div > ul > li`)).length, 10);
    assert.equal(await page.$('section[aria-labelledby="recent-orders-heading"] button::-p-text(Load More)'), null, 'ten orders in all: no more to load');

    // A video started now pushes the tenth onto the next page too; it is shown once and that page, one short, still has more.
    await db('videos').insert({ organization_id: organizationId, title: 'Started Meanwhile', video_code: 'e2e-meanwhile', security_hash: 'e2e-meanwhile-hash', created_at: new Date() });
    await page.locator(videosLoadMore).click();
    assert.equal(await loadedRows(), 19);
    await page.locator(videosLoadMore).click();
    assert.equal(await loadedRows(), 20);
    const links = await page.$$eval(`${rows} a[href]`, (as) => as.map((a) => a.getAttribute('href')));
    assert.equal(new Set(links).size, 20, 'no video twice');
    assert.equal(await page.$(videosLoadMore), null, 'the last of the twenty was the end');
  });

  it('offers log in and register to visitors', async () => {
    const context = await browser.createBrowserContext();
    const visitor = await context.newPage();
    await visitor.setViewport({ width: 1280, height: 900 });
    const errors = watchConsole(visitor);
    await visitor.goto(`${app.url}/users/login`, { waitUntil: 'networkidle0' });
    await visitor.locator('::-p-aria(Open menu)').click();
    await visitor.waitForSelector('nav[aria-label="Main menu"]');
    const links = await visitor.$$eval('.MuiDrawer-paper nav a', (as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, ['/users/login', '/users/register']);
    assert.equal(await visitor.$eval('.MuiDrawer-paper', (el) => el.getBoundingClientRect().width), 300);
    assert.equal(await visitor.$('::-p-aria(Open administration menu)'), null);
    await visitor.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDrawer-paper')!).transform === 'none');
    await checkAccessibility(visitor, 'visitor drawer');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('made no console errors', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
