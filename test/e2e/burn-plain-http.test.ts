/**
 * Issue 33: a server that allows plain http (ALLOW_PLAIN_HTTP) says so in Burn DVD's install dialog, in a staff
 * member's words, before anyone installs the tool; burn-window.test.ts checks that a server without the setting
 * shows no such warning.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { PLAIN_HTTP_DIALOG_WARNING } from '../../common/secure-url.ts';
import { checkAccessibility, launchBrowser, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';
import { signIn } from './sign-in.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('the install dialog on a server that allows plain http', function () {
  this.timeout(180_000);
  let app: E2eApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let page: Page;
  let errors: string[];

  before(async () => {
    app = await startApp({ ALLOW_PLAIN_HTTP: '1' });
    browser = await launchBrowser();
    page = await browser.browser.newPage();
    await page.setUserAgent(LINUX_CHROME);
    errors = watchConsole(page);
    await signIn(page, app.url, 'staff@example.com');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('warns that downloads travel unencrypted, at 1280 and 375 px', async () => {
    const video = await makeStaffVideo(app, 'Walter Brennan');
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 900 });
      await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
      await page.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
      await page.waitForSelector('[role="dialog"] [data-testid="burn-plain-http"]');
      const warning = await page.$eval('[data-testid="burn-plain-http"]', (el) => (el as HTMLElement).innerText);
      assert.equal(warning.trim(), PLAIN_HTTP_DIALOG_WARNING);
      // The steps are still there: the warning informs, it does not stop an installation the admin chose.
      const text = await page.$eval('[role="dialog"]', (el) => (el as HTMLElement).innerText);
      assert.match(text, /\.deb package/);
      await checkAccessibility(page, `install dialog with the plain http warning (${width} px)`);
      await screenshot(page, `burn-install-plain-http-${width}`, width);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    }
    assert.deepEqual(errors, []);
  });
});
