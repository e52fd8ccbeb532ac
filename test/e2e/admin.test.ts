import assert from 'node:assert/strict';
import { confirmWith, dialogClosed, dialogField, retype, submitDialog, superUserSession, waitForText, waitWithoutText } from './admin-page.ts';
import { checkAccessibility } from './harness.ts';

describe('administration screens in the browser', function () {
  this.timeout(120_000);
  const ui = superUserSession('admin');
  const rowTexts = () => ui.page.$$eval('table tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
  /** Each settings page has one search field above its list (the top bar has a global one of its own). */
  const typeSearch = async (label: string, text: string) => {
    assert.equal(await ui.page.$eval('main input[type="search"]', (el) => el.labels?.[0]?.textContent?.replace(/\s*\*$/, '')), label);
    await ui.page.locator('main input[type="search"]').fill(text);
  };

  it('lists and searches organizations, and creates one', async () => {
    await ui.open('/settings/organizations');
    await waitForText(ui.page, 'table tbody', 'Demo Funeral Home');
    await checkAccessibility(ui.page, '/settings/organizations');
    await ui.page.locator('::-p-text(New organization)').click();
    await ui.page.locator('[role="dialog"] input[name="organizationName"]').fill('Harbor View Chapel');
    await ui.page.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(ui.page, 'table tbody', 'Harbor View Chapel');
    await typeSearch('Search organizations', 'harbor');
    await ui.page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1, { timeout: 10_000 });
    assert.match((await rowTexts())[0], /Harbor View Chapel/);
  });

  it('creates a brand for an organization', async () => {
    await ui.open('/settings/brands');
    await waitForText(ui.page, 'table tbody', 'Riverside Chapel');
    await checkAccessibility(ui.page, '/settings/brands');
    await ui.page.locator('::-p-text(New brand)').click();
    await ui.page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await ui.page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await ui.page.locator('[role="dialog"] input[name="name"]').fill('Lakeside Gardens');
    await ui.page.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(ui.page, 'table tbody', 'Lakeside Gardens');
    const row = (await rowTexts()).find((text) => text.includes('Lakeside Gardens'));
    assert.match(row ?? '', /Demo Funeral Home/);
  });

  it('searches users, disables one and enables them again', async () => {
    await ui.open('/settings/users');
    await waitForText(ui.page, 'table tbody', 'staff@example.com');
    await typeSearch('Search by name or email', 'sam staff');
    await ui.page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1, { timeout: 10_000 });
    assert.match((await rowTexts())[0], /staff@example\.com/);
    await checkAccessibility(ui.page, '/settings/users');

    await ui.page.locator('button[aria-label="Disable Sam Staff"]').click();
    await confirmWith(ui.page, 'Disable');
    await ui.page.waitForSelector('button[aria-label="Enable Sam Staff"]');
    const disabled = await ui.page.evaluate(async () => (await (await fetch('/r/settings/users?q=staff%40example.com')).json()).users[0].disabled);
    assert.equal(disabled, true);

    await ui.page.locator('button[aria-label="Enable Sam Staff"]').click();
    await confirmWith(ui.page, 'Enable');
    await ui.page.waitForSelector('button[aria-label="Disable Sam Staff"]');
    await waitWithoutText(ui.page, 'table tbody', 'Disabled');
    await ui.shots('settings-users', { label: '/settings/users', phone: () => ui.page.waitForSelector('ul[aria-label="Users"] li') });
  });

  it('shows the server’s refusal of a new user beside its field, then creates the user', async () => {
    await ui.open('/settings/users');
    await ui.page.locator('::-p-text(New user)').click();
    await dialogField(ui.page, 'name').fill('Second Sam');
    await dialogField(ui.page, 'email').fill('staff@example.com');
    await ui.page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await ui.page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await dialogField(ui.page, 'password').fill('first password 1');
    await submitDialog(ui.page);
    // The browser's own checks pass; only the server knows the address is taken, and says so beside the field.
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'There is already an account for staff@example.com.');
    const helper = await ui.page.$eval('[role="dialog"] input[name="email"]', (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent);
    assert.equal(helper, 'There is already an account for staff@example.com.', 'the message belongs to the email field');
    assert.equal(await ui.page.$('#app-alert-text'), null, 'no alert dialog');
    await checkAccessibility(ui.page, 'the user form with the server’s message');
    await retype(ui.page, 'email', 'second.sam@example.com');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'second.sam@example.com');
  });

  it('finds videos ignoring accents, deletes one and restores it', async () => {
    await ui.open('/settings/videos');
    await waitForText(ui.page, 'table tbody', 'Margaret Ellen Hughes');
    await typeSearch('Search titles', 'jose');
    await ui.page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1, { timeout: 10_000 });
    assert.match((await rowTexts())[0], /José Álvarez/);
    await checkAccessibility(ui.page, '/settings/videos');

    await ui.page.locator('button[aria-label="Delete José Álvarez"]').click();
    await confirmWith(ui.page, 'Delete');
    await ui.page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 0, { timeout: 10_000 });
    await ui.page.locator('::-p-xpath(//div[@role="combobox"][normalize-space()="Active"])').click();
    await ui.page.locator('::-p-xpath(//li[@role="option"][normalize-space()="Deleted"])').click();
    await ui.page.waitForFunction(() => !document.querySelector('[role="listbox"]'), { timeout: 10_000 });
    await ui.page.waitForSelector('button[aria-label="Restore José Álvarez"]');
    await ui.page.locator('button[aria-label="Restore José Álvarez"]').click();
    await confirmWith(ui.page, 'Restore');
    await ui.page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 0, { timeout: 10_000 });
    const restored = await ui.page.evaluate(async () => (await (await fetch('/r/settings/videos?q=jose%20alvarez')).json()).total);
    assert.equal(restored, 1, 'back among the active videos');
  });

  it("manages the super user's own organization at /organizations/account_settings", async () => {
    await ui.open('/organizations/account_settings');
    await ui.page.waitForSelector('input[name="organizationName"]');
    assert.equal(await ui.page.$eval('input[name="organizationName"]', (el) => (el as HTMLInputElement).value), 'Demo Funeral Home');
    await waitForText(ui.page, 'section[aria-label="Staff"] table', 'Sam Staff');
    await waitForText(ui.page, 'section[aria-label="Brands"] table', 'Riverside Chapel');
    await checkAccessibility(ui.page, '/organizations/account_settings');
    await ui.shots('account-settings', { label: '/organizations/account_settings' });
  });

  it('left no errors in the console but the taken address the server refused', () => {
    assert.deepEqual(ui.consoleErrors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
