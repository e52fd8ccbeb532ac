import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { confirmWith, openAt, waitForText, waitWithoutText } from './admin-page.ts';
import { checkAccessibility, DEMO_PASSWORD, launchBrowser, login, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';

describe('administration screens in the browser', function () {
  this.timeout(120_000);
  let app: E2eApp;
  let chrome: Awaited<ReturnType<typeof launchBrowser>>;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  before(async () => {
    app = await startApp();
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    consoleErrors = watchConsole(page);
    await login(page, app.url, 'admin@example.com', DEMO_PASSWORD);
    assert.equal(new URL(page.url()).pathname, '/dashboard', 'signed in as the super user');
  });
  after(async () => {
    await chrome?.close();
    await app?.stop();
  });

  const open = (path: string) => openAt(page, `${app.url}${path}`);
  const rowTexts = () => page.$$eval('table tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
  /** Each settings page has one search field above its list (the top bar has a global one of its own). */
  const typeSearch = async (label: string, text: string) => {
    assert.equal(await page.$eval('main input[type="search"]', (el) => el.labels?.[0]?.textContent?.replace(/\s*\*$/, '')), label);
    await page.locator('main input[type="search"]').fill(text);
  };

  it('lists and searches organizations, and creates one', async () => {
    await open('/settings/organizations');
    await waitForText(page, 'table tbody', 'Demo Funeral Home');
    await checkAccessibility(page, '/settings/organizations');
    await page.locator('::-p-text(New organization)').click();
    await page.locator('[role="dialog"] input[name="organizationName"]').fill('Harbor View Chapel');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(page, 'table tbody', 'Harbor View Chapel');
    await typeSearch('Search organizations', 'harbor');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1, { timeout: 10_000 });
    assert.match((await rowTexts())[0], /Harbor View Chapel/);
  });

  it('creates a brand for an organization', async () => {
    await open('/settings/brands');
    await waitForText(page, 'table tbody', 'Riverside Chapel');
    await checkAccessibility(page, '/settings/brands');
    await page.locator('::-p-text(New brand)').click();
    await page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await page.locator('[role="dialog"] input[name="name"]').fill('Lakeside Gardens');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(page, 'table tbody', 'Lakeside Gardens');
    const row = (await rowTexts()).find((text) => text.includes('Lakeside Gardens'));
    assert.match(row ?? '', /Demo Funeral Home/);
  });

  it('searches users, disables one and enables them again', async () => {
    await open('/settings/users');
    await waitForText(page, 'table tbody', 'staff@example.com');
    await typeSearch('Search by name or email', 'sam staff');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1, { timeout: 10_000 });
    assert.match((await rowTexts())[0], /staff@example\.com/);
    await checkAccessibility(page, '/settings/users');

    await page.locator('button[aria-label="Disable Sam Staff"]').click();
    await confirmWith(page, 'Disable');
    await page.waitForSelector('button[aria-label="Enable Sam Staff"]');
    const disabled = await page.evaluate(async () => (await (await fetch('/r/settings/users?q=staff%40example.com')).json()).users[0].disabled);
    assert.equal(disabled, true);

    await page.locator('button[aria-label="Enable Sam Staff"]').click();
    await confirmWith(page, 'Enable');
    await page.waitForSelector('button[aria-label="Disable Sam Staff"]');
    await waitWithoutText(page, 'table tbody', 'Disabled');
    await screenshot(page, 'admin-settings-users', 1280);
    await screenshot(page, 'admin-settings-users', 375);
    await page.waitForSelector('ul[aria-label="Users"] li');
    await checkAccessibility(page, '/settings/users on a phone');
  });

  it('finds videos ignoring accents, deletes one and restores it', async () => {
    await open('/settings/videos');
    await waitForText(page, 'table tbody', 'Margaret Ellen Hughes');
    await typeSearch('Search titles', 'jose');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1, { timeout: 10_000 });
    assert.match((await rowTexts())[0], /José Álvarez/);
    await checkAccessibility(page, '/settings/videos');

    await page.locator('button[aria-label="Delete José Álvarez"]').click();
    await confirmWith(page, 'Delete');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 0, { timeout: 10_000 });
    await page.locator('::-p-xpath(//div[@role="combobox"][normalize-space()="Active"])').click();
    await page.locator('::-p-xpath(//li[@role="option"][normalize-space()="Deleted"])').click();
    await page.waitForFunction(() => !document.querySelector('[role="listbox"]'), { timeout: 10_000 });
    await page.waitForSelector('button[aria-label="Restore José Álvarez"]');
    await page.locator('button[aria-label="Restore José Álvarez"]').click();
    await confirmWith(page, 'Restore');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 0, { timeout: 10_000 });
    const restored = await page.evaluate(async () => (await (await fetch('/r/settings/videos?q=jose%20alvarez')).json()).total);
    assert.equal(restored, 1, 'back among the active videos');
  });

  it("manages the super user's own organization at /organizations/account_settings", async () => {
    await open('/organizations/account_settings');
    await page.waitForSelector('input[name="organizationName"]');
    assert.equal(await page.$eval('input[name="organizationName"]', (el) => (el as HTMLInputElement).value), 'Demo Funeral Home');
    await waitForText(page, 'section[aria-label="Staff"] table', 'Sam Staff');
    await waitForText(page, 'section[aria-label="Brands"] table', 'Riverside Chapel');
    await checkAccessibility(page, '/organizations/account_settings');
    await screenshot(page, 'admin-account-settings', 1280);
    await screenshot(page, 'admin-account-settings', 375);
    await checkAccessibility(page, '/organizations/account_settings on a phone');
  });

  it('left no errors in the console', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
