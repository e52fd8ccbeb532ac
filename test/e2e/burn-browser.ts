/**
 * Chromium and firefox-esr with the extension, and what the tests do in the burn window and the product's pages.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import { BURN_CHANNEL } from '../../common/burn-protocol.ts';
import { CHROMIUM_ARGS, chromePath, OUTPUT_DIR } from './harness.ts';
import { attachShortestSong } from './page-api.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';
import { type BurnApp } from './burn-app.ts';

export interface BurnBrowser {
  browser: Browser;
  kind: 'chromium' | 'firefox';
  close(): Promise<void>;
}

/**
 * Debian's Chromium, new headless, reading host manifests from the user's own ~/.config/chromium (its user data
 * folder), with the unpacked Chrome build loaded the way a developer loads it (puppeteer's enableExtensions loads it
 * through the DevTools pipe: Chromium 137+ ignores --load-extension).
 */
export async function launchChromium(home: string, extensionDir: string): Promise<BurnBrowser> {
  const userDataDir = path.join(home, '.config', 'chromium');
  mkdirSync(userDataDir, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    pipe: true,
    enableExtensions: [extensionDir],
    userDataDir,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`],
  });
  await actAsChrome(browser);
  return { browser, kind: 'chromium', close: () => browser.close() };
}

/**
 * Headless Chromium says HeadlessChrome/; the product offers the burn tool to Chrome/ only (as it should): every page
 * and popup gets the user agent of the same Chromium with a window.
 */
export async function actAsChrome(browser: Browser): Promise<void> {
  const agent = (await browser.userAgent()).replace('HeadlessChrome/', 'Chrome/');
  browser.on('targetcreated', (target: Target) => {
    if (target.type() === 'page') void target.page().then((p) => p?.setUserAgent(agent).catch(() => undefined));
  });
  for (const p of await browser.pages()) await p.setUserAgent(agent);
}

/** Debian's firefox-esr over WebDriver BiDi, HOME the user's (its ~/.mozilla/native-messaging-hosts), with the add-on installed. */
export async function launchFirefox(home: string, extensionPath: string): Promise<BurnBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    headless: true,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache'), MOZ_HEADLESS: '1' },
    extraPrefsFirefox: {
      // The product runs on http://127.0.0.1 in tests: no upgrade to https, no first-run pages.
      'dom.security.https_first': false,
      'browser.shell.checkDefaultBrowser': false,
      'xpinstall.signatures.required': false,
    },
  });
  await browser.installExtension(extensionPath);
  return { browser, kind: 'firefox', close: () => browser.close() };
}

/**
 * The burn window the extension opened (a popup on /burn/{id}), as a page. A minute: the extension opens it at once,
 * but a CI machine running two browser files at once on two cores was seen taking over 20 s.
 */
export async function waitForBurnWindow(browser: Browser, videoId: number, timeoutMs = 60_000): Promise<Page> {
  const target = await browser.waitForTarget((t) => t.type() === 'page' && new URL(t.url() || 'about:blank', 'http://x').pathname === `/burn/${videoId}`, { timeout: timeoutMs });
  const page = await target.page();
  if (!page) throw new Error('the burn window has no page');
  return page;
}

/**
 * Opens a video's details page in `page` and presses Burn DVD, as staff do: answers the burn window the extension
 * opened. closeOthers first closes the burn windows still open (between tests).
 */
export async function pressBurnDvd(browser: Browser, page: Page, appUrl: string, videoId: number, closeOthers = true): Promise<Page> {
  if (closeOthers) await closeBurnWindows(browser);
  await noteExtensionReplies(page);
  await page.goto(`${appUrl}/videos/${videoId}/details`, { waitUntil: 'networkidle0' });
  // Pressed once the page's own detection has heard the extension, as staff press it on a page they have read: the
  // page gives its fast tries one second and then shows the install dialog, and the extension's answer (which asks
  // the helper, started anew by a Firefox background woken from sleep) takes longer on a loaded machine.
  await page.waitForFunction('window.burnRepliesHeard > 0', { timeout: 60_000 }).catch(async (err: unknown) => {
    throw new Error(`${String(err)}\n${await extensionSilence(browser, page)}`);
  });
  await page.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
  return waitForBurnWindow(browser, videoId);
}

/**
 * What the page and the browser showed when the extension stayed silent (the open flake in docs/architecture.md): every
 * burn-channel reply the page heard since its load, and the browser's extension targets (a service worker present or
 * not), so a failure names where the chain stopped.
 */
async function extensionSilence(browser: Browser, page: Page): Promise<string> {
  const heard = await page.evaluate('JSON.stringify(window.burnRepliesSeen ?? null)').catch((e: unknown) => `(unreadable: ${String(e)})`);
  const targets = browser
    .targets()
    .filter((t) => t.url().startsWith('chrome-extension://') || t.url().startsWith('moz-extension://') || t.type() === 'service_worker')
    .map((t) => `${t.type()} ${t.url()}`);
  return `replies the page heard: ${String(heard)}; extension targets: ${targets.join(', ') || 'none'}`;
}

const noting = new WeakSet<Page>();

/**
 * From the first script of every later load, counts in the page (window.burnRepliesHeard) the extension's version
 * replies that reach it: the answers to the page's own detection.
 */
async function noteExtensionReplies(page: Page): Promise<void> {
  if (noting.has(page)) return;
  noting.add(page);
  // A script text: functions compiled for the test carry helpers (__name) that do not exist in the page.
  await page.evaluateOnNewDocument(`(() => {
    window.burnRepliesHeard = 0;
    window.burnRepliesSeen = [];
    window.addEventListener('message', (event) => {
      const data = event.data;
      if (!data || data.channel !== ${JSON.stringify(BURN_CHANNEL)} || !data.reply) return;
      if (window.burnRepliesSeen.length < 20) window.burnRepliesSeen.push(Math.round(performance.now()) + 'ms ' + data.reply.type + (data.reply.code ? ' ' + data.reply.code : '') + (data.reply.native_error ? ' ' + data.reply.native_error : ''));
      if (data.reply.type === 'extension_version') window.burnRepliesHeard++;
    });
  })()`);
}

/** Closes every burn window still open (between tests). */
export async function closeBurnWindows(browser: Browser): Promise<void> {
  for (const page of await browser.pages()) if (/\/burn\/\d+/.test(page.url())) await page.close().catch(() => undefined);
}

/** A PNG of the burn window as it is now, under test-output/. */
export async function burnShot(page: Page, name: string, settleMs = 500): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  // The bars move by a CSS transition: let them arrive where the state puts them.
  await new Promise((r) => setTimeout(r, settleMs));
  await page.screenshot({ path: file as `${string}.png` });
  return file;
}

// -------------------------------------------------------------------------------------------------- the window

/** The burn window's visible text (rows, messages, buttons), for assertions and failure messages. */
export const windowText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);

/** Waits until the window's text matches, failing with what it showed instead. */
export async function waitForText(page: Page, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    last = await windowText(page).catch(() => last);
    if (pattern.test(last)) return last;
    if (Date.now() > deadline) throw new Error(`the burn window never showed ${pattern} within ${timeoutMs / 1000} s; it shows:\n${last}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The status text of one progress row (Finalize, Download, Burn, Verify), read from its labelled region. */
export async function rowStatus(page: Page, row: 'Finalize' | 'Download' | 'Burn' | 'Verify'): Promise<string> {
  return page.evaluate((name) => {
    // The window's rows name their text burn-status-{row} (web/src/features/burn/ProgressRow.tsx).
    const status = document.querySelector(`[data-testid="burn-status-${name.toLowerCase()}"]`);
    if (status) return (status as HTMLElement).innerText;
    const labelled = document.querySelector(`[role="group"][aria-label="${name}"]`);
    if (labelled) return (labelled as HTMLElement).innerText;
    // Else: the row whose first text is its name.
    for (const el of Array.from(document.querySelectorAll('li, tr, [role="row"], [role="group"]'))) {
      const text = (el as HTMLElement).innerText.trim();
      if (text.startsWith(name) && text.length < 200) return text;
    }
    return '';
  }, row);
}

/** Waits for a row to say Completed. */
export async function waitForRow(page: Page, row: 'Finalize' | 'Download' | 'Burn' | 'Verify', pattern: RegExp, timeoutMs = 180_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    last = await rowStatus(page, row).catch(() => last);
    if (pattern.test(last)) return last;
    if (Date.now() > deadline) throw new Error(`the ${row} row never showed ${pattern} within ${timeoutMs / 1000} s; it shows '${last}'; the window:\n${await windowText(page).catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Presses a button of the window by its visible name. */
export async function press(page: Page, name: string): Promise<void> {
  await page.locator(`button::-p-text(${name})`).click();
}

/** A small static page on another origin that tries to talk to the extension as the product's pages do. */
export async function startForeignPage(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><title>Not the product</title><p>Another site</p>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.address();
  const got = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${got}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Posts a version request from a page as the product's pages do and collects the burn replies that come back to
 * that window within waitMs (none for a page the extension must ignore).
 */
export async function askExtensionVersion(page: Page, waitMs = 4000): Promise<unknown[]> {
  const { BURN_CHANNEL, requestFrame } = await import('../../common/burn-protocol.ts');
  return page.evaluate(
    (channel, frame, wait) =>
      new Promise<unknown[]>((resolve) => {
        const replies: unknown[] = [];
        window.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as { channel?: string; reply?: unknown } | null;
          if (data && data.channel === channel && data.reply) replies.push(data);
        });
        // Several tries, as the page's own detection does: the content script may arrive after the first.
        for (let i = 0; i < 5; i++) setTimeout(() => window.postMessage({ ...frame, id: 900 + i }, location.origin), i * 300);
        setTimeout(() => resolve(replies), wait);
      }),
    BURN_CHANNEL,
    requestFrame(900, { type: 'version' }),
    waitMs,
  );
}

/** The extension's version as a product page at `url` hears it (the version request every Burn DVD starts with), or null when no reply came within 3 s. */
export async function versionFromPage(browser: Browser, url: string): Promise<string | null> {
  const page: Page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const replies = (await askExtensionVersion(page, 3000)) as { reply: { type: string; extension?: string } }[];
    return replies.find((frame) => frame.reply.type === 'extension_version')?.reply.extension ?? null;
  } finally {
    await page.close();
  }
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

// ------------------------------------------------------------------------------------------------------- videos

/**
 * Starts noting, inside the window, every text each row shows (checked every 50 ms), so a test can tell the window
 * went through a state even when it lasted too short a time to be seen from outside.
 */
export async function recordRows(page: Page): Promise<void> {
  // A script text: functions compiled for the test carry helpers (__name) that do not exist in the page.
  await page.evaluate(`(() => {
    const seen = {};
    window.burnRowsSeen = seen;
    const look = () => {
      for (const row of ['finalize', 'download', 'burn', 'verify']) {
        const el = document.querySelector('[data-testid="burn-status-' + row + '"]');
        const text = el ? el.innerText.trim() : '';
        const list = (seen[row] = seen[row] || []);
        if (text && list[list.length - 1] !== text) list.push(text);
      }
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** What recordRows noted, by row (lowercase name), in order of appearance. */
export const rowsSeen = (page: Page): Promise<Record<string, string[]>> =>
  page.evaluate(() => (window as unknown as { burnRowsSeen?: Record<string, string[]> }).burnRowsSeen ?? {});

/** Asserts from recordRows' notes that the burn and verify rows showed their work before they said Completed. */
export async function assertRowsWentThrough(page: Page, label: string): Promise<Record<string, string[]>> {
  const seen = await rowsSeen(page);
  const shown = JSON.stringify(seen);
  const before = (row: string, pattern: RegExp) => {
    const list = seen[row] ?? [];
    const done = list.lastIndexOf('Completed');
    return done > 0 && list.slice(0, done).some((text) => pattern.test(text));
  };
  if (!before('burn', /Initializing|Loading|\d+%|Finalizing|remaining/)) throw new Error(`${label}: the Burn row showed no progress before Completed: ${shown}`);
  if (!before('verify', /Verifying|\d+%|remaining/)) throw new Error(`${label}: the Verify row showed no progress before Completed: ${shown}`);
  return seen;
}

/**
 * A video ready to finalize (two photos, the shortest stock song, two seconds a slide), finalized from its order
 * page with 'Automatically download and burn once finalized' left ticked (its default, checked here).
 */
export async function finalizeOnOrderPage(app: BurnApp, page: Page, title: string): Promise<{ id: number; videoCode: string }> {
  const fresh = await makeStaffVideo(app, title, { slide_time: 2, automatic_timing: false });
  await addPhotos(app, fresh.id, [{ name: 'garden.jpg' }, { name: 'lake.jpg' }]);
  await attachShortestSong(page, fresh.id);
  await page.goto(`${app.url}/creator/${fresh.id}/order`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('::-p-text(Automatically download and burn once finalized)');
  const checked = await page.$eval('::-p-text(Automatically download and burn once finalized)', (label) =>
    (label.closest('label')?.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked,
  );
  if (checked !== true) throw new Error('auto-burn is not ticked by default on the order page');
  await page.locator('label ::-p-text(I agree to the stock music license agreement)').click();
  await page.locator('button::-p-text(Finalize)').click();
  return { id: fresh.id, videoCode: fresh.video_code };
}
