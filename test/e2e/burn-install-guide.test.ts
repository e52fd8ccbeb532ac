/**
 * The DVD burning tool's install guide at /denim and the install dialog's way to it (issue 29.2): which way fits
 * whom, on a server whose build holds the browser policy files (written here by installer/policies.ts, as the
 * build writes them) and whose Firefox package is not signed. The guide lists each policy file with where it goes
 * and serves it; Developer mode comes last, step by step with its pictures; the dialog folds those steps away and
 * links to the guide.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { POLICY_DOWNLOAD_KEYS, policyDebName } from '../../common/browser-policies.ts';
import { DENIM_PATHS } from '../../common/helper-update.ts';
import { POLICIES_DIR } from '../../installer/layout.ts';
import { chromiumPolicy, policyFiles } from '../../installer/policies.ts';
import { checkAccessibility, launchBrowser, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';
import { signIn } from './sign-in.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_ID = 'abcdefghijklmnopabcdefghijklmnop';

/** Waits until every picture on the page has loaded, and says which did not load. */
async function picturesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const broken = await page.$$eval('img', (imgs) => imgs.filter((img) => img.naturalWidth === 0).map((img) => img.src));
  assert.deepEqual(broken, [], 'every picture loads');
}

describe('the install guide at /denim, and the install dialog’s way to it', function () {
  this.timeout(180_000);
  let app: E2eApp;
  let buildDir: string;
  let browser: { browser: Browser; close(): Promise<void> };
  let page: Page;
  let errors: string[];

  before(async () => {
    buildDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-guide-build-'));
    app = await startApp({ BURNER_BUILD_DIR: buildDir });
    const target = { chromeExtensionId: CHROME_ID, publicUrl: app.url };
    for (const [relative, content] of Object.entries(policyFiles(target))) {
      mkdirSync(path.dirname(path.join(buildDir, POLICIES_DIR, relative)), { recursive: true });
      writeFileSync(path.join(buildDir, POLICIES_DIR, relative), content);
    }
    writeFileSync(path.join(buildDir, POLICIES_DIR, 'linux', policyDebName(7)), 'the policy package');
    browser = await launchBrowser();
    page = await browser.browser.newPage();
    await page.setUserAgent(WINDOWS_CHROME);
    errors = watchConsole(page);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('says which way fits whom, with every policy file and where it goes, at 1280 and 375 px, without signing in', async () => {
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 900 });
      await page.goto(`${app.url}/denim`, { waitUntil: 'load' });
      await page.waitForSelector('section#it-departments a[href*="browser_policies"]');
      const headings = await page.$$eval('h1, h2', (hs) => hs.map((h) => (h as HTMLElement).innerText));
      assert.deepEqual(headings, ['Install the DVD burning tool', 'On your own computer', 'For IT departments: install it for everyone', 'The last resort: Developer mode in Chrome or Edge']);
      // The visitor's own system comes first among the installers.
      const installers = await page.$$eval('section#your-computer a[href^="/denim/download_resource/installer"]', (as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(installers, ['/denim/download_resource/installer?platform=win-x64', '/denim/download_resource/installer?platform=darwin-x64', '/denim/download_resource/installer?platform=linux-x64']);
      const policies = await page.$$eval('section#it-departments a[href*="browser_policies"]', (as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(policies.sort(), POLICY_DOWNLOAD_KEYS.map((key) => `${DENIM_PATHS.browserPolicies}?file=${key}`).sort());
      const it = await page.$eval('section#it-departments', (el) => (el as HTMLElement).innerText);
      assert.match(it, /\/etc\/chromium\/policies\/managed/);
      assert.match(it, /Firefox ESR/, 'the unsigned package is said to need ESR');
      // Firefox is not offered a package the regular release would refuse.
      const own = await page.$eval('section#your-computer', (el) => (el as HTMLElement).innerText);
      assert.match(own, /use Chrome or Edge/);
      await picturesLoaded(page);
      await checkAccessibility(page, `install guide (${width} px)`);
      await screenshot(page, `burn-install-guide-${width}`, width);
    }
    // A policy file as an IT department downloads it from the guide.
    const served = await page.evaluate(async (url) => (await fetch(url)).text(), `${DENIM_PATHS.browserPolicies}?file=linux_chromium`);
    assert.deepEqual(JSON.parse(served), chromiumPolicy({ chromeExtensionId: CHROME_ID, publicUrl: app.url }));
    assert.deepEqual(errors, []);
  });

  it('opens at the part for IT when the address names it', async () => {
    await page.setViewport({ width: 1280, height: 700 });
    await page.goto('about:blank'); // a new load of the guide, not a jump within the page already open
    await page.goto(`${app.url}/denim#it-departments`, { waitUntil: 'load' });
    await page.waitForFunction(() => {
      const top = document.getElementById('it-departments')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
  });

  it('in the install dialog, folds Developer mode away behind the IT path and links to the guide', async () => {
    await signIn(page, app.url, 'staff@example.com');
    const video = await makeStaffVideo(app, 'Agnes Moorehead');
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await page.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
    await page.waitForSelector('[role="dialog"] ::-p-text(Install the DVD burning tool)');
    const dialog = '[aria-labelledby="burn-install-title"]';
    const text = await page.$eval(dialog, (el) => (el as HTMLElement).innerText);
    // Chrome on Windows: IT's policy (on a domain-joined computer), then Developer mode; never the installer's
    // all-users policy, which Chrome ignores on a stand-alone computer.
    assert.ok(text.indexOf('IT department') >= 0 && text.indexOf('IT department') < text.indexOf('Developer mode'), text);
    assert.doesNotMatch(text, /All users of this computer/);
    const links = async () => page.$$eval(`${dialog} a`, (as) => as.map((a) => a.getAttribute('href')));
    assert.ok((await links()).includes('/denim'), 'the guide is linked');
    assert.ok((await links()).includes('/denim#it-departments'), 'the part for IT is linked');
    assert.ok(!(await links()).includes(`${DENIM_PATHS.chromeExtension}?format=zip`), 'Developer mode is folded away');
    await page.locator(`${dialog} button::-p-text(Show the steps, with pictures)`).click();
    await page.waitForSelector(`${dialog} a[href="${DENIM_PATHS.chromeExtension}?format=zip"]`);
    await picturesLoaded(page);
    await checkAccessibility(page, 'install dialog with the Developer mode steps');
    await screenshot(page, 'burn-install-dialog-developer-mode', 1280);
    assert.deepEqual(errors, []);
  });
});
