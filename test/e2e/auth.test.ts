import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { checkAccessibility, DEMO_PASSWORD, launchBrowser, login, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';

const ACCOUNT = { name: 'Morgan Reyes', organization: 'Reyes Family Funeral Home', email: 'morgan.reyes@example.com', password: 'quiet harbour 2026' };

describe('accounts in the browser', function () {
  this.timeout(120_000);
  let app: E2eApp;
  let chrome: Awaited<ReturnType<typeof launchBrowser>>;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  /** Statuses the tests provoke on purpose (a wrong password ...): Chromium logs each refused call as a console error. */
  const provoked: number[] = [];

  before(async () => {
    app = await startApp();
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await browser.newPage();
    consoleErrors = watchConsole(page);
  });
  after(async () => {
    await chrome?.close();
    await app?.stop();
  });

  const path = () => new URL(page.url()).pathname;
  const alertText = async () => page.$eval('[role="alert"]', (el) => el.textContent ?? '');
  const submit = async () => Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.locator('button[type="submit"]').click()]);
  const refusedWith = async (status: number, expected: string | RegExp) => {
    provoked.push(status);
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('[role="alert"]');
    const text = await alertText();
    if (typeof expected === 'string') assert.equal(text, expected);
    else assert.match(text, expected);
  };
  const fill = async (fields: Record<string, string>) => {
    for (const [name, value] of Object.entries(fields)) await page.locator(`input[name="${name}"]`).fill(value);
  };
  const logOut = async () => {
    await page.goto(`${app.url}/users/logout`);
    await page.waitForFunction(() => location.pathname === '/users/login', { timeout: 10_000 });
    // Not waitForNetworkIdle: puppeteer never counts down a request that the page's own navigation cancelled,
    // so on a busy machine it waited forever. The rendered form is what the next step needs.
    await page.waitForSelector('form[action="/users/login"] button[type="submit"]');
  };
  const assertSignedIn = async () => {
    assert.equal(path(), '/dashboard');
    assert.equal(await page.$('form[action="/users/login"]'), null, 'not the login page');
    const me = await page.evaluate(async () => (await fetch('/r/users/me')).json());
    assert.ok(me.user, 'the session is open');
    return me.user as { email: string; organization_name: string; role: string };
  };

  it('registers a new funeral home through the register page and lands on the dashboard', async () => {
    await page.goto(`${app.url}/users/register`, { waitUntil: 'networkidle0' });
    await checkAccessibility(page, 'register page');
    await screenshot(page, 'auth-register', 1280);
    await screenshot(page, 'auth-register', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await fill(ACCOUNT);
    await submit();
    const user = await assertSignedIn();
    assert.equal(user.email, ACCOUNT.email);
    assert.equal(user.organization_name, ACCOUNT.organization);
    assert.equal(user.role, 'org_admin');
    await checkAccessibility(page, 'dashboard after sign-up');
  });

  it('keeps what was typed when the address is already registered', async () => {
    await logOut();
    await page.goto(`${app.url}/users/register`, { waitUntil: 'networkidle0' });
    await fill({ ...ACCOUNT, organization: 'Second Home' });
    await refusedWith(409, 'An account with this email already exists.');
    assert.equal(await page.$eval('input[name="organization"]', (el) => (el as HTMLInputElement).value), 'Second Home');
    assert.equal(path(), '/users/register');
  });

  it('logs out through /users/logout and in again through the login form', async () => {
    await logOut();
    await checkAccessibility(page, 'login page');
    await screenshot(page, 'auth-login', 1280);
    await screenshot(page, 'auth-login', 375);
    await page.setViewport({ width: 1280, height: 900 });
    assert.equal((await page.evaluate(async () => (await fetch('/r/users/me')).json())).user, null);

    await fill({ email: ACCOUNT.email, password: 'not the password' });
    await refusedWith(401, 'The email or password is not correct.');
    assert.equal(path(), '/users/login');

    await login(page, app.url, ACCOUNT.email, ACCOUNT.password);
    await assertSignedIn();
  });

  it('shows the lock message on the login page after too many failures', async () => {
    await logOut();
    const email = 'someone.else@example.com';
    for (let i = 0; i < 8; i++) {
      await fetch(`${app.url}/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'guess' }) });
    }
    await page.goto(`${app.url}/users/login`, { waitUntil: 'networkidle0' });
    await fill({ email, password: 'guess' });
    await refusedWith(429, /^Too many failed logins\. Please try again in 1[45] minutes\.$/);
    await screenshot(page, 'auth-login-locked', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('resets a forgotten password with the link from the outbox', async () => {
    await page.goto(`${app.url}/users/forgot_password`, { waitUntil: 'networkidle0' });
    await checkAccessibility(page, 'forgot password page');
    await fill({ email: ACCOUNT.email });
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('[role="status"]');
    assert.match(await page.$eval('[role="status"]', (el) => el.textContent ?? ''), /If an account exists for that address/);

    const mail = await app.running.deps.db('outbox').where({ recipient: ACCOUNT.email }).orderBy('id', 'desc').first();
    const link = /http\S+(\/users\/reset_password\/\S+)/.exec(mail.body)?.[1];
    assert.ok(link, 'the mail holds the link');
    // The mail names the configured public address; this server listens on a port of its own.
    await page.goto(`${app.url}${link}`, { waitUntil: 'networkidle0' });
    await checkAccessibility(page, 'reset password page');
    await screenshot(page, 'auth-reset', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await fill({ password: 'a fresh passphrase', confirm: 'a fresh passphrase' });
    await submit();
    await assertSignedIn();
    ACCOUNT.password = 'a fresh passphrase';
  });

  it('accepts an invitation into an organization', async () => {
    await logOut();
    const admin = await app.running.deps.repos.users.findByEmail(ACCOUNT.email);
    const { token } = await app.running.deps.repos.userTokens.create({
      kind: 'invite',
      user_id: null,
      organization_id: admin!.organization_id,
      email: 'new.arranger@example.com',
      role: 'staff',
      created_by: admin!.id,
      expires_at: new Date(Date.now() + 3600_000),
    });
    await page.goto(`${app.url}/users/invitation/${token}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('h1');
    assert.equal(await page.$eval('h1', (el) => el.textContent), `Join ${ACCOUNT.organization}`);
    await checkAccessibility(page, 'invitation page');
    await screenshot(page, 'auth-invitation', 1280);
    await fill({ name: 'Jordan Arranger', password: 'welcome aboard 1' });
    await submit();
    const user = await assertSignedIn();
    assert.equal(user.email, 'new.arranger@example.com');
    assert.equal(user.organization_name, ACCOUNT.organization);
  });

  it('shows the outbox to a super user', async () => {
    await logOut();
    await login(page, app.url, 'admin@example.com', DEMO_PASSWORD);
    await page.goto(`${app.url}/settings/outbox`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('table[aria-label="Outbox messages"] tbody tr');
    await page.locator('button[aria-label="Show message"]').click();
    await page.waitForSelector('pre a[href*="/users/reset_password/"]');
    await checkAccessibility(page, 'outbox page');
    await screenshot(page, 'outbox', 1280);
    await screenshot(page, 'outbox', 375);
  });

  it('wrote nothing to the console but the refusals it provoked', () => {
    const unexpected = consoleErrors.filter((line) => {
      const status = Number(/responded with a status of (\d+)/.exec(line)?.[1]);
      const at = provoked.indexOf(status);
      if (at < 0) return true;
      provoked.splice(at, 1);
      return false;
    });
    assert.deepEqual(unexpected, []);
  });
});
