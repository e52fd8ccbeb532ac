/**
 * The burn window's own browser test (issue 12): Burn DVD on Linux without the extension opens the install dialog
 * with this system's steps; the admin's preview carries the compatibility rule and the minimum versions; the burn
 * window at 700 x 440 without an extension (its four rows, the server's own failure words, the no-response text,
 * Cancel then Close from the keyboard); and the window opened by the real extension with the installed helper and
 * its virtual burner, checked for layout and accessibility. The full burns are burn-chromium.test.ts's.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { BURN_WINDOW_SIZE } from '../../common/burn-protocol.ts';
import {
  burnShot,
  cachedBurnerBuild,
  closeBurnWindows,
  freePort,
  installHelper,
  launchChromium,
  serveBuild,
  startBurnApp,
  waitForBurnWindow,
  waitForText,
  type BurnApp,
  type BurnBrowser,
  type InstalledHelper,
} from './burn-harness.ts';
import { checkAccessibility, launchBrowser, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';
import { signIn } from './sign-in.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ROWS = ['Finalize', 'Download', 'Burn', 'Verify'];

/** Transitions and fades done (spinners that repeat forever are not waited for). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));

/** The window's four rows as the e2e tests read them: group name, progressbar name, status text. */
async function rows(page: Page) {
  return page.$$eval('[data-testid^="burn-row-"]', (els) =>
    els.map((el) => ({
      group: el.getAttribute('aria-label'),
      bar: el.querySelector('[role="progressbar"]')?.getAttribute('aria-label'),
      status: (el.querySelector('[data-testid^="burn-status-"]') as HTMLElement | null)?.innerText ?? null,
    })),
  );
}

/**
 * Nothing cut off or scrolled away in the 700 x 440 popup, even with the window's frame taking 40 px of the height
 * (the title bar of a popup on Windows and Linux is about 30 px).
 */
async function assertFits(page: Page, label: string) {
  const inner = { width: BURN_WINDOW_SIZE.width, height: BURN_WINDOW_SIZE.height - 40 };
  await page.setViewport(inner);
  const overflow = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  assert.ok(overflow.width <= inner.width, `${label}: no sideways scroll (${overflow.width})`);
  assert.ok(overflow.height <= inner.height, `${label}: fits ${inner.height} px high (${overflow.height})`);
  await page.setViewport(BURN_WINDOW_SIZE);
}

describe('the burn window and Burn DVD without the extension', function () {
  this.timeout(300_000);
  let app: E2eApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let page: Page;
  let errors: string[];
  let video: { id: number };

  before(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.browser.newPage();
    await page.setUserAgent(LINUX_CHROME);
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
    errors = watchConsole(page);
    video = await makeStaffVideo(app, 'Margaret "Peggy" Olsen');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('offers Burn DVD on Linux with Chrome and, with no extension answering, the install dialog for Linux and Chrome', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await page.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
    await page.waitForSelector('[role="dialog"] ::-p-text(Install the DVD burning tool)');
    const text = await page.$eval('[role="dialog"]', (el) => (el as HTMLElement).innerText);
    assert.match(text, /The DVD burning extension is not installed in this browser/);
    assert.match(text, /\.deb package/, 'the Linux steps');
    assert.doesNotMatch(text, /Compatible with/, 'the notes are for admins');
    assert.equal(await page.$('[data-testid="burn-plain-http"]'), null, 'no plain http warning on a server that requires https');
    const links = await page.$$eval('[role="dialog"] a', (as) => as.map((a) => a.getAttribute('href')));
    // The extension by the IT department's policy or, folded away, Developer mode (burn-install-guide.test.ts); the guide for the rest.
    for (const href of ['/denim/download_resource/installer', '/denim/download_resource/linux_user_install', '/denim#it-departments', '/denim']) {
      assert.ok(links.includes(href), `${href} is linked (${links.join(', ')})`);
    }
    assert.ok(!links.includes('/denim/download_resource/firefox_extension_latest'), 'Chrome needs no Firefox extension');
    await settled(page);
    await checkAccessibility(page, 'burn install dialog (Linux)');
    await screenshot(page, 'burn-install-dialog-linux', 1280);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  });

  it('on Windows 7, offers Burn DVD only to say what to upgrade; on Windows 10, says what SmartScreen shows', async () => {
    const old = await browser.browser.newPage();
    await old.setUserAgent('Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36');
    for (const width of [1280, 375]) {
      await old.setViewport({ width, height: 900 });
      await old.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
      await old.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
      await old.waitForSelector('[role="dialog"] ::-p-text(Burning DVDs needs an upgrade)');
      const text = await old.$eval('[role="dialog"]', (el) => (el as HTMLElement).innerText);
      assert.match(text, /This computer runs Windows 7, which is too old for the DVD burning tool: it needs Windows 10 or 11\./);
      assert.doesNotMatch(text, /Download and run|Download installer/, 'no install steps that could not work');
      await settled(old);
      await checkAccessibility(old, `upgrade dialog (Windows 7, ${width} px)`);
      await screenshot(old, 'burn-upgrade-dialog-windows7', width);
      await old.keyboard.press('Escape');
      await old.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    }
    // Windows 10: the installer of this server's build carries no Authenticode signature (no certificate here).
    await old.setUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    await old.setViewport({ width: 1280, height: 900 });
    await old.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await old.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
    await old.waitForSelector('[role="dialog"] ::-p-text(Windows protected your PC)');
    assert.match(await old.$eval('[role="dialog"]', (el) => (el as HTMLElement).innerText), /Click More info, then Run anyway\./);
    await old.close();
  });

  it('shows the burn window at 700 x 440: four rows, the server’s words, no response from the helper, Cancel then Close', async () => {
    const win = await browser.browser.newPage();
    await win.setUserAgent(LINUX_CHROME);
    await win.setViewport(BURN_WINDOW_SIZE);
    const winErrors = watchConsole(win);
    await win.goto(`${app.url}/burn/${video.id}`, { waitUntil: 'networkidle0' });
    assert.equal(await win.$('header, nav'), null, 'a popup: no app bars');
    assert.deepEqual(
      (await rows(win)).map((r) => [r.group, r.bar]),
      ROWS.map((name) => [name, `${name} progress`]),
    );
    await win.waitForSelector('main img[alt^="Cover of"]');
    // The video is not finalized: POST /downloads/request_iso answers 409 and its message is the Finalize text.
    await win.waitForFunction(() => document.querySelector('[data-testid="burn-status-finalize"]')?.textContent === 'The video has not been finalized.');
    // No extension answered the detection's fast tries.
    await win.waitForFunction(() => document.querySelector('[data-testid="burn-message"]')?.textContent === 'No response from the helper tools. Please close window and try again.');
    assert.deepEqual(await win.$$eval('[data-testid="burn-actions"] button', (bs) => bs.map((b) => b.textContent)), ['Cancel']);
    await settled(win);
    await assertFits(win, 'waiting');
    await checkAccessibility(win, 'burn window without the extension');
    await win.screenshot({ path: path.join('test-output', 'burn-window-no-extension-700.png') as `${string}.png` });

    // From the keyboard: Tab reaches Cancel, Enter cancels, and the focus moves on to Close.
    for (let i = 0; i < 10 && (await win.evaluate(() => document.activeElement?.textContent)) !== 'Cancel'; i += 1) await win.keyboard.press('Tab');
    assert.equal(await win.evaluate(() => document.activeElement?.textContent), 'Cancel');
    await win.keyboard.press('Enter');
    await win.waitForFunction(() => document.querySelector('[data-testid="burn-status-finalize"]')?.textContent === 'Canceled');
    await win.waitForFunction(() => document.activeElement?.textContent === 'Close');
    assert.deepEqual(winErrors.filter((e) => !/409|Conflict/.test(e)), [], 'no console errors besides the refused request');
    await win.close();
  });

  it('warns on the order page that the DVD will not burn by itself when no extension answers', async () => {
    const ordered = await makeStaffVideo(app, 'Thomas Greer', { slide_time: 2, automatic_timing: false });
    await addPhotos(app, ordered.id, [{ name: 'garden.jpg' }, { name: 'lake.jpg' }]);
    await page.goto(`${app.url}/creator/${ordered.id}/order`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Automatically download and burn once finalized)');
    // Linux with Chrome can burn: the warning is the extension's absence, found by the detection's fast tries.
    await page.waitForFunction(() => document.querySelector('[aria-label="Burner warnings"]')?.textContent?.includes('The DVD burning extension is not installed in this browser'));
    assert.doesNotMatch(await page.$eval('[aria-label="Burner warnings"]', (w) => w.textContent ?? ''), /cannot burn DVDs/);
  });

  it('keeps the admin preview of the install dialog, with the compatibility rule and the minimum versions', async () => {
    // Its own cookies: the staff's session stays in the other pages.
    const context = await browser.browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await signIn(admin, app.url, 'admin@example.com');
    await admin.goto(`${app.url}/videos/${video.id}/details?tab=extras`, { waitUntil: 'networkidle0' });
    await admin.locator('section[aria-label="Other Options"] button::-p-text(Preview Install Dialog)').click();
    await admin.waitForSelector('[aria-labelledby="burn-install-title"]');
    const text = await admin.$eval('[aria-labelledby="burn-install-title"]', (el) => (el as HTMLElement).innerText);
    assert.match(text, /Compatible with Windows 10 or above, macOS 10\.15 \(Catalina\) or above and 64-bit Linux, with Chrome or Edge 105 or later, or Firefox 127 or later\./);
    assert.match(text, /the burning tool 7, the Chrome and Edge extension 1\.6, the Firefox extension 1\.7/);
    for (const system of ['Windows:', 'macOS:', 'Linux:']) assert.ok(text.includes(system), `the ${system} steps`);
    await settled(admin);
    await checkAccessibility(admin, 'admin install dialog preview');
    await context.close();
    assert.deepEqual(errors, []);
  });
});

describe('the burn window opened by the extension with the installed helper', function () {
  this.timeout(900_000);
  let app: BurnApp;
  let helper: InstalledHelper;
  let chromium: BurnBrowser;
  let page: Page;

  before(async () => {
    const publicPort = await freePort(47310);
    const build = await cachedBurnerBuild({ publicUrl: `http://127.0.0.1:${publicPort}` });
    app = await startBurnApp(publicPort);
    await serveBuild(app, build);
    helper = await installHelper(app);
    chromium = await launchChromium(helper.home, path.join(build, 'extension', 'chrome'));
    page = await chromium.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
  });
  after(async () => {
    await chromium?.close();
    await app?.stop();
    if (helper) rmSync(helper.home, { recursive: true, force: true });
  });

  it('opens from Burn DVD as a 700 x 440 popup that reads the helper and the burner and passes the accessibility check', async () => {
    const video = await makeStaffVideo(app, 'Harold Finch');
    helper.setBurner({ present: true, media_type: 'CD-R', blank: true });
    await closeBurnWindows(chromium.browser);
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await page.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
    const win = await waitForBurnWindow(chromium.browser, video.id);
    const size = await win.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
    assert.equal(size.width, BURN_WINDOW_SIZE.width, `the popup is ${BURN_WINDOW_SIZE.width} wide`);
    assert.equal(size.height, BURN_WINDOW_SIZE.height, `the popup is ${BURN_WINDOW_SIZE.height} high`);
    // The helper answered (version 7, no update) and its burner check reached the message area.
    await waitForText(win, /You are currently using a CD-R disc, which is not supported\. Please use DVD-R disc\./, 60_000);
    assert.deepEqual(
      (await rows(win)).map((r) => r.group),
      ROWS,
    );
    await win.setViewport(BURN_WINDOW_SIZE);
    await settled(win);
    await assertFits(win, 'with the helper');
    await checkAccessibility(win, 'burn window with the extension and helper');
    await burnShot(win, 'burn-window-extension-cd-r');
    helper.setBurner({ media_type: 'DVD+R' });
    await waitForText(win, /For best results, use DVD-R discs \(you are currently using DVD\+R\)\./, 30_000);
    await win.close();
  });
});
