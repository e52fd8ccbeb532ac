import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { sharedApp, sharedBrowser } from './shared.ts';
import { signIn } from './sign-in.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

/** The drawer's Billing link (spec 1 section 2.10) and the statement history page it opens, as the home's staff. */
describe('Billing: the statement history', function () {
  this.timeout(120_000);
  let app: E2eApp;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let orgId: number;
  const ids: Record<string, number> = {};

  const menuLinks = async () => {
    await page.locator('button[aria-label="Open menu"]').click();
    await page.waitForSelector('nav[aria-label="Main menu"] a');
    const links = await page.$$eval('nav[aria-label="Main menu"] a', (as) => as.map((a) => [a.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname]));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('nav[aria-label="Main menu"]'));
    return links;
  };

  before(async () => {
    // The shared app and browser: the home below is this file's own, as is its browser context.
    app = await sharedApp();
    context = await (await sharedBrowser()).createBrowserContext();
    page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    errors = watchConsole(page);
    // A home of its own, so the demo seed's orders are not on its statements; its staff signs in with the demo password.
    const { db } = app.running.deps;
    const staff = await db('users').where({ email: 'staff@example.com' }).first();
    [{ id: orgId }] = await db('organizations').insert({ organization_name: 'Whitfield & Sons Funeral Home' }).returning('id');
    const [user] = await db('users').insert({ organization_id: orgId, email: 'billing@example.com', name: 'Bea Billing', role: 'staff', password_hash: staff.password_hash }).returning('*');
    await signIn(page, app.url, 'billing@example.com');
    const video = await makeStaffVideo(app, 'Margaret Ellison Whitfield-Hargreaves, Beloved Mother and Grandmother', { organization_id: orgId, user_id: user.id });
    const [dvd, bluray] = await db('products').orderBy('sort_order').select('id');
    const order = async (key: string, values: Record<string, unknown>, lines: Record<string, unknown>[]) => {
      const [row] = await db('orders').insert({ video_id: video.id, organization_id: orgId, ...values }).returning('id');
      ids[key] = row.id;
      await db('order_details').insert(lines.map((l) => ({ order_id: row.id, ...l })));
    };
    await order('overdue', { order_date: new Date('2026-02-10T15:00:00Z'), customer_name: 'Whitfield family' }, [{ product_id: dvd.id, quantity: 3, unit_price_cents: 2500 }]);
    await order('paid', { order_date: new Date('2026-02-20T15:00:00Z'), paid_at: new Date('2026-03-01T09:00:00Z') }, [{ product_id: bluray.id, quantity: 1, unit_price_cents: 3500 }]);
    await order('current', { order_date: new Date() }, [{ product_id: dvd.id, quantity: 2, unit_price_cents: 2500 }]);
  });
  after(async () => {
    await context?.close();
  });

  it('shows Billing in the drawer only while the organization’s billing flag is on', async () => {
    const { db } = app.running.deps;
    await db('organizations').where({ id: orgId }).update({ billing: false });
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    assert.ok(!(await menuLinks()).some(([, href]) => href === '/reports/statement_history'), 'no Billing link while billing is off');
    // Opened by its address anyway, the page says why it has nothing.
    await page.goto(`${app.url}/reports/statement_history`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Billing is not turned on for your organization)');
    // That call's 404 is the browser's one console line here, and the page's answer to it is the message above.
    assert.ok(errors.every((e) => e.includes('404')), errors.join('\n'));
    errors.length = 0;

    await db('organizations').where({ id: orgId }).update({ billing: true });
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    const links = await menuLinks();
    const at = links.findIndex(([, href]) => href === '/reports/statement_history');
    assert.equal(links[at]?.[0], 'Billing');
    assert.equal(links[at - 1]?.[1], '/sor', 'Billing comes after Create Service of Remembrance, as the spec lists them');
  });

  it('lists a statement per month with the balance, overdue invoices and PDFs, readable at 1280 and 375 px', async () => {
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    await page.locator('button[aria-label="Open menu"]').click();
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.locator('nav[aria-label="Main menu"] a[href="/reports/statement_history"]').click()]);
    await page.waitForSelector('::-p-xpath(//main//h1[normalize-space()="Statement History"])');
    await page.waitForSelector('main section[aria-labelledby="statement-2026-02"]');
    const months = await page.$$eval('main section h2', (hs) => hs.map((h) => h.textContent));
    const thisMonth = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    assert.deepEqual(months, [thisMonth, 'February 2026']);
    const summary = await page.$eval('main [aria-label="Account summary"]', (el) => el.textContent);
    assert.match(summary ?? '', /Balance due\$125\.00/);
    assert.match(summary ?? '', /Overdue\$75\.00/);
    const february = await page.$$eval('main section[aria-labelledby="statement-2026-02"] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    assert.deepEqual(february.map((r) => [r[0], r[3], r[4], r[6]]), [
      [String(ids.paid), '1', '$35.00', 'Paid Mar 1, 2026'],
      [String(ids.overdue), '3', '$75.00', 'Overdue'],
    ]);
    const febFigures = await page.$eval('main section[aria-labelledby="statement-2026-02"] > div', (el) => el.textContent);
    assert.match(febFigures ?? '', /Invoiced\$110\.00Paid\$35\.00Balance\$75\.00/);
    // The invoice's PDF opens with the staff's own session.
    const href = await page.$eval(`main a[aria-label="Open invoice ${ids.overdue} as PDF"]`, (a) => a.getAttribute('href'));
    const pdf = await page.evaluate(async (url) => {
      const res = await fetch(url!);
      return { status: res.status, head: new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(0, 5)) };
    }, href);
    assert.deepEqual(pdf, { status: 200, head: '%PDF-' });

    await checkAccessibility(page, 'statement history');
    await screenshot(page, 'statement-history', 1280);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1280, 'nothing wider than the desktop window');
    await screenshot(page, 'statement-history', 375);
    // The phone gets a card per invoice, nothing wider than the screen.
    const phone = await page.evaluate(() => ({ cards: document.querySelectorAll('main ul[aria-label^="Invoices of"] > li').length, overflow: document.documentElement.scrollWidth - window.innerWidth }));
    assert.deepEqual(phone, { cards: 3, overflow: 0 });
    await checkAccessibility(page, 'statement history on a phone');
    await page.setViewport({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });
});
