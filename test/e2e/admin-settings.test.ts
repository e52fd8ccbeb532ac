import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { confirmWith, dialogClosed, dialogField, openAt, retype, setInputValue, submitDialog, waitForText, waitWithoutText } from './admin-page.ts';
import { checkAccessibility, DEMO_PASSWORD, launchBrowser, login, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';

/** The four settings pages declared on the admin scaffold: each created, edited and deleted through its form. */
describe('partners, corporations, order details and tax certificates in the browser', function () {
  this.timeout(120_000);
  let app: E2eApp;
  let chrome: Awaited<ReturnType<typeof launchBrowser>>;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let tmp: string;

  before(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'admin-settings-'));
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
  const open = (path: string) => openAt(page, `${app.url}${path}`);
  const field = (name: string) => dialogField(page, name);
  const submit = () => submitDialog(page);
  const confirmDelete = async (name: string) => {
    await page.locator(`button[aria-label="Delete ${name}"]`).click();
    await confirmWith(page, 'Delete');
  };
  const shots = async (name: string) => {
    await screenshot(page, `admin-settings-${name}`, 1280);
    await screenshot(page, `admin-settings-${name}`, 375);
    await checkAccessibility(page, `${name} on a phone`);
    await page.setViewport({ width: 1280, height: 900 });
  };

  it('partners: shows mistakes beside the fields, then creates, edits and deletes one', async () => {
    await open('/settings/partners');
    await page.locator('::-p-text(New partner)').click();
    await field('name').fill('Obituary Cloud');
    await field('websiteUrl').fill('obits.example');
    await field('contactEmail').fill('not an address');
    await submit();
    await waitForText(page, '[role="dialog"] .Mui-error', 'must be a web address');
    await waitForText(page, '[role="dialog"] .Mui-error', 'Please enter a valid email address.');
    await checkAccessibility(page, 'the partner form with its messages');
    await retype(page, 'websiteUrl', 'https://obits.example');
    await retype(page, 'contactEmail', 'help@obits.example');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Obituary Cloud');
    assert.deepEqual(await db()('partners').where({ name: 'Obituary Cloud' }).first('website_url', 'contact_email', 'released'), {
      website_url: 'https://obits.example',
      contact_email: 'help@obits.example',
      released: true,
    });
    await shots('partners');

    await page.locator('button[aria-label="Edit Obituary Cloud"]').click();
    await retype(page, 'name', 'Obituary Cloud Inc');
    await page.locator('[role="dialog"] input[name="released"]').click();
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Not released');
    assert.equal((await db()('partners').where({ name: 'Obituary Cloud Inc' }).first()).released, false);

    await confirmDelete('Obituary Cloud Inc');
    await waitWithoutText(page, 'table tbody', 'Obituary Cloud');
    assert.equal(await db()('partners').where({ name: 'Obituary Cloud Inc' }).first(), undefined);
  });

  it('corporations: creates, edits and deletes one, and hears the server about a taken name', async () => {
    await db()('corporations').insert({ name: 'Evergreen Holdings' });
    await open('/settings/corporations');
    await waitForText(page, 'table tbody', 'Evergreen Holdings');
    await checkAccessibility(page, '/settings/corporations');
    await page.locator('::-p-text(New corporation)').click();
    await field('name').fill('evergreen holdings');
    await submit();
    await waitForText(page, '[role="dialog"] .Mui-error', 'Another corporation already has this name.');
    await retype(page, 'name', 'Northway Memorial Group');
    await field('contactName').fill('Dana Ortiz');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Northway Memorial Group');
    await shots('corporations');

    await page.locator('button[aria-label="Edit Northway Memorial Group"]').click();
    await field('phone').fill('555-0100');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', '555-0100');
    assert.equal((await db()('corporations').where({ name: 'Northway Memorial Group' }).first()).phone, '555-0100');

    await confirmDelete('Northway Memorial Group');
    await waitWithoutText(page, 'table tbody', 'Northway');
    assert.equal(await db()('corporations').where({ name: 'Northway Memorial Group' }).first(), undefined);
  });

  it('order details: a new product at a price, repriced, then deleted; the order page offers it meanwhile', async () => {
    await open('/settings/order_details');
    await waitForText(page, 'table tbody', 'DVD in Memorial Case');
    await checkAccessibility(page, '/settings/order_details');
    await page.locator('::-p-text(New product)').click();
    await field('productTitle').fill('Keepsake Photo Book');
    await field('priceCents').fill('45.50');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', '$45.50');
    const product = await db()('products').where({ product_title: 'Keepsake Photo Book' }).first();
    assert.equal(product.price_cents, 4550);
    assert.ok((await app.running.deps.repos.orders.offers(null)).some((o) => o.id === product.id && o.price_cents === 4550));
    await shots('order-details');

    await page.locator('button[aria-label="Edit Keepsake Photo Book"]').click();
    await retype(page, 'priceCents', '39.99');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', '$39.99');
    assert.equal((await db()('products').where({ id: product.id }).first()).price_cents, 3999);

    // The second list: Demo Funeral Home pays its own price for the book.
    await page.locator('::-p-text(New organization price)').click();
    await page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await page.locator('[role="dialog"] div[role="combobox"]').click();
    await page.locator('::-p-xpath(//li[@role="option"][normalize-space()="Keepsake Photo Book"])').click();
    await page.waitForFunction(() => !document.querySelector('[role="listbox"]'), { timeout: 10_000 });
    await field('priceCents').fill('30.00');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table[aria-label="Organization prices"] tbody', '$30.00');
    const demo = await db()('organizations').where({ organization_name: 'Demo Funeral Home' }).first();
    assert.equal((await app.running.deps.repos.orders.offers(demo.id)).find((o) => o.id === product.id)?.price_cents, 3000);
    await checkAccessibility(page, '/settings/order_details with an organization price');

    await confirmDelete('Keepsake Photo Book');
    await waitWithoutText(page, 'table[aria-label="Order Details"] tbody', 'Keepsake Photo Book');
    assert.equal(await db()('products').where({ id: product.id }).first(), undefined);
    assert.equal(await db()('organization_product_prices').where({ product_id: product.id }).first(), undefined, 'its prices went with it');
  });

  it('tax certificates: uploads a file with its expiry, downloads it, changes the date and deletes it', async () => {
    const pdf = path.join(tmp, 'texas-exemption.pdf');
    writeFileSync(pdf, '%PDF-1.4\n% exemption certificate\n%%EOF\n');
    await open('/settings/tax_certificates');
    await page.locator('::-p-text(New tax certificate)').click();
    await page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await field('jurisdiction').fill('Texas');
    await submit();
    await waitForText(page, '[role="dialog"] .Mui-error', 'Please choose the expiry date.');
    await waitForText(page, '[role="dialog"]', 'Please choose the certificate file to upload.');
    await setInputValue(page, '[role="dialog"] input[name="expiresOn"]', '2031-06-30');
    const input = await page.$('[role="dialog"] input[type="file"]');
    await input!.uploadFile(pdf);
    await waitForText(page, '[role="dialog"]', 'texas-exemption.pdf');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'texas-exemption.pdf');
    const row = await db()('tax_certificates').where({ jurisdiction: 'Texas' }).first();
    assert.equal(row.file_name, 'texas-exemption.pdf');
    const downloaded = await page.$eval('table tbody a[download]', async (a) => (await (await fetch((a as HTMLAnchorElement).href)).text()));
    assert.match(downloaded, /exemption certificate/);
    await checkAccessibility(page, '/settings/tax_certificates');
    await shots('tax-certificates');

    const name = 'Demo Funeral Home certificate (Texas)';
    await page.locator(`button[aria-label="Edit ${name}"]`).click();
    await setInputValue(page, '[role="dialog"] input[name="expiresOn"]', '2020-01-31');
    await submit();
    await dialogClosed(page);
    await waitForText(page, 'table tbody', 'Expired');
    assert.equal((await db()('tax_certificates').where({ id: row.id }).first()).file_name, 'texas-exemption.pdf', 'the file stays');

    await confirmDelete(name);
    await waitWithoutText(page, 'table tbody', 'Texas');
    assert.equal(await db()('tax_certificates').where({ id: row.id }).first(), undefined);
    assert.equal(await app.running.deps.repos.storage.read(row.file_key), null);
  });

  it('left no errors in the console but the taken name the server refused', () => {
    assert.deepEqual(consoleErrors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
