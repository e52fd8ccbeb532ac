/**
 * The burn extension in real browsers (issue 12): built for the app's origin and loaded into Debian's Chromium and
 * firefox-esr, with no native helper installed. From a product page a version request gets the extension's own
 * version and native null with the reason; pages of any other origin get no answer and cannot reach it; open_window
 * opens the 700 x 440 burn window at /burn/{id}.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import {
  BURN_WINDOW_SIZE,
  ERROR_CODES,
  FIREFOX_EXTENSION_ID,
  NATIVE_HOST_NAME,
  PROTOCOL_VERSION,
  type BurnRequest,
  type ReplyFrame,
} from '../../common/burn-protocol.ts';
import { projectRoot } from '../../server/src/config.ts';
import { buildExtension, packageExtension } from '../../extension/build.ts';
import { CHROME_KEY_NAME, loadOrCreateChromeKey } from '../../extension/chrome-key.ts';
import { parseCrx3 } from '../../extension/crx.ts';
import { bundleHelper } from '../../installer/helper-executable.ts';
import helperVersion from '../../native-host/version.json' with { type: 'json' };
import { startIsoServer, type IsoServer } from '../../native-host/test/iso-server.ts';
import { launchChromiumWithExtension, launchFirefoxWithExtension, type LaunchedBrowser } from './extension-browsers.ts';
import { chromePath, startApp, type E2eApp } from './harness.ts';

/** A Chrome key of this run's own, as every installation makes its own (extension/chrome-key.ts): the id follows. */
const keyDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-chrome-key-'));
process.on('exit', () => rmSync(keyDir, { recursive: true, force: true }));
const chromeKey = loadOrCreateChromeKey(path.join(keyDir, CHROME_KEY_NAME));
const CHROME_EXTENSION_ID = chromeKey.extensionId;

/** 2 MB written at 100 kB/s: a burn that streams progress for about 20 s, long enough to lose its helper half way. */
const ISO = Buffer.alloc(2 * 1024 * 1024, 7);
const ISO_SHA = createHash('sha256').update(ISO).digest('hex');

/** Listens on the page for reply frames from the moment it is called. */
async function collectReplies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const replies: unknown[] = [];
    (window as unknown as { burnReplies: unknown[] }).burnReplies = replies;
    window.addEventListener('message', (event) => {
      if (event.source === window && typeof event.data === 'object' && event.data && 'reply' in event.data) replies.push(event.data);
    });
  });
}

const replies = (page: Page): Promise<ReplyFrame[]> => page.evaluate(() => (window as unknown as { burnReplies: ReplyFrame[] }).burnReplies);

/** Posts a request frame as the web app does; answers its replies once the final one arrives (or after waitMs). */
async function ask(page: Page, id: number, request: BurnRequest, waitMs = 10000): Promise<ReplyFrame[]> {
  await page.evaluate((frame) => window.postMessage(frame, window.location.origin), { channel: 'tribute-burn', id, request });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mine = (await replies(page)).filter((frame) => frame.id === id);
    if (mine.some((frame) => frame.final) || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A page on its own origin that could try to use the extension: served on another port of 127.0.0.1. */
async function startOtherOrigin(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><html lang="en"><title>Another site</title><p>Another site</p></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function openPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await collectReplies(page);
  return page;
}

/** The same checks in both browsers; only how the browser starts differs. */
function extensionSuite(browserName: 'chrome' | 'firefox', launch: (buildDir: string, app: E2eApp) => Promise<LaunchedBrowser>, version: string): void {
  let app: E2eApp;
  let other: Awaited<ReturnType<typeof startOtherOrigin>>;
  let launched: LaunchedBrowser;
  let buildDir: string;

  before(async () => {
    app = await startApp();
    other = await startOtherOrigin();
    buildDir = mkdtempSync(path.join(os.tmpdir(), `tribute-ext-e2e-${browserName}-`));
    launched = await launch(buildDir, app);
  });
  after(async () => {
    await launched?.close();
    await other?.close();
    await app?.stop();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('answers version on a product page: its own version, and native null with the reason when no helper is installed', async () => {
    const page = await openPage(launched.browser, `${app.url}/users/login`);
    const answer = await ask(page, 1, { type: 'version' });
    assert.equal(answer.length, 1, JSON.stringify(answer));
    const reply = answer[0].reply;
    assert.ok(reply.type === 'extension_version', JSON.stringify(reply));
    assert.equal(reply.extension, version);
    assert.equal(reply.browser, browserName);
    assert.equal(reply.protocol, PROTOCOL_VERSION);
    assert.equal(reply.native, null);
    assert.match(String(reply.native_error), /^The DVD burning helper is not available: .+/);
    // A malformed request gets a typed error back rather than silence.
    const [refused] = await ask(page, 2, { type: 'burn', filename: '../x', burner_index: 0 });
    assert.deepEqual([refused.final, refused.reply.type], [true, 'error']);
    await page.close();
  });

  it('gives a page of another origin no answer, and ignores frames another origin posts into a product page', async () => {
    const outsider = await openPage(launched.browser, `${other.url}/`);
    await ask(outsider, 3, { type: 'version' }, 2500);
    assert.deepEqual(await replies(outsider), [], 'another origin got an answer');
    const runtime = await outsider.evaluate(() => typeof (window as unknown as { chrome?: { runtime?: unknown } }).chrome?.runtime);
    assert.equal(runtime, 'undefined', 'the extension is not reachable from other origins at all (no externally_connectable)');

    // The outsider opens a product page and posts a request into it: the content script must not take it.
    const productUrl = `${app.url}/users/login?opened-by=outsider`;
    const opened = launched.browser.waitForTarget((target) => target.url() === productUrl, { timeout: 10000 });
    await outsider.evaluate((url) => {
      (window as unknown as { product: Window | null }).product = window.open(url);
    }, productUrl);
    const product = await (await opened).page();
    assert.ok(product);
    // The new window starts as about:blank: wait for the product page itself before listening on it.
    await product.waitForFunction((origin) => window.location.origin === origin && document.readyState !== 'loading', {}, app.url);
    await collectReplies(product);
    await outsider.evaluate(() => {
      const product = (window as unknown as { product: Window }).product;
      product.postMessage({ channel: 'tribute-burn', id: 4, request: { type: 'version' } }, '*');
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.deepEqual(await replies(product), [], 'a request posted by another origin was answered');
    // The same product page's own request is answered: the silence above was the origin check.
    assert.equal((await ask(product, 5, { type: 'version' }))[0]?.reply.type, 'extension_version');
    await product.close();
    await outsider.close();
  });

  if (browserName === 'chrome') {
    it('gives the same server under another host name (localhost) no answer', async () => {
      const port = new URL(app.url).port;
      const page = await openPage(launched.browser, `http://localhost:${port}/users/login`);
      await ask(page, 6, { type: 'version' }, 2500);
      assert.deepEqual(await replies(page), []);
      await page.close();
    });
  }

  it(`opens the burn window as a ${BURN_WINDOW_SIZE.width} x ${BURN_WINDOW_SIZE.height} popup at /burn/{id}, ?auto=1 for auto-burn`, async () => {
    const page = await openPage(launched.browser, `${app.url}/users/login`);
    for (const [id, auto, expected] of [
      [7, false, `${app.url}/burn/41`],
      [8, true, `${app.url}/burn/41?auto=1`],
    ] as const) {
      const windowTarget = launched.browser.waitForTarget((target) => target.url() === expected, { timeout: 10000 });
      const answer = await ask(page, id, { type: 'open_window', video_id: 41, auto });
      assert.deepEqual(answer.map((frame) => frame.reply), [{ type: 'window_opened' }]);
      const popup = await (await windowTarget).page();
      assert.ok(popup, `a page at ${expected}`);
      const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
      assert.deepEqual(size, { ...BURN_WINDOW_SIZE });
      if (browserName === 'chrome') {
        // The window is a popup (no tabs, no address bar), as the background asked.
        const worker = await (
          await launched.browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${CHROME_EXTENSION_ID}/`))
        ).worker();
        assert.ok(worker);
        const windows = await worker.evaluate(async () => {
          type Win = { type: string; width: number; height: number };
          const all = await (globalThis as unknown as { chrome: { windows: { getAll(): Promise<Win[]> } } }).chrome.windows.getAll();
          return all.map((w) => ({ type: w.type, width: w.width, height: w.height }));
        });
        // The extension has no tabs permission, so it cannot read the tab's URL: the burn window is the only popup.
        assert.deepEqual(
          windows.filter((w) => w.type === 'popup'),
          [{ type: 'popup', ...BURN_WINDOW_SIZE }],
        );
      }
      await popup.close();
    }
    await page.close();
  });
}

describe('burn extension in Chromium', function () {
  this.timeout(180000);
  extensionSuite(
    'chrome',
    async (buildDir, app) => launchChromiumWithExtension(await buildExtension({ browser: 'chrome', publicUrl: app.url, outDir: path.join(buildDir, 'chrome'), chromeKey })),
    `1.6.${helperVersion.version}`,
  );
});

describe('burn extension in Firefox', function () {
  this.timeout(180000);
  extensionSuite(
    'firefox',
    async (buildDir, app) => {
      // Installed from the packaged .xpi, as a user installs it from /denim.
      const dir = await buildExtension({ browser: 'firefox', publicUrl: app.url, outDir: path.join(buildDir, 'firefox') });
      const { files } = await packageExtension({ browser: 'firefox', dir, outFile: path.join(buildDir, 'tribute-burner-firefox.xpi') });
      return launchFirefoxWithExtension(files[0]);
    },
    `1.7.${helperVersion.version}`,
  );
});

describe('burn extension .crx', function () {
  this.timeout(120000);
  it('has the CRX3 header Chromium’s own packer writes for the same key (same key proof and crx id, both signatures valid)', async function () {
    const key = chromeKey.file;
    const work = mkdtempSync(path.join(os.tmpdir(), 'tribute-crx-'));
    try {
      const dir = await buildExtension({ browser: 'chrome', publicUrl: 'http://127.0.0.1:8080', outDir: path.join(work, 'ours'), chromeKey });
      const ours = await packageExtension({ browser: 'chrome', dir, outFile: path.join(work, 'tribute-burner-chrome.zip'), chromeKey });
      cpSync(dir, path.join(work, 'chromium'), { recursive: true });
      // Chromium packs <dir> into <dir>.crx beside it and exits.
      await promisify(execFile)(chromePath(), ['--no-sandbox', '--headless=new', `--pack-extension=${path.join(work, 'chromium')}`, `--pack-extension-key=${key}`]);
      const theirs = parseCrx3(readFileSync(path.join(work, 'chromium.crx')));
      const mine = parseCrx3(readFileSync(String(ours.crx)));
      assert.equal(theirs.valid, true, 'our reader accepts Chromium’s package');
      assert.equal(mine.valid, true);
      assert.equal(mine.extensionId, CHROME_EXTENSION_ID);
      assert.equal(theirs.extensionId, CHROME_EXTENSION_ID);
      assert.deepEqual(mine.publicKeyDer, theirs.publicKeyDer);
      const headerLength = (file: string) => readFileSync(file).readUInt32LE(8);
      assert.equal(headerLength(String(ours.crx)), headerLength(path.join(work, 'chromium.crx')));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/**
 * The native helper from source, bundled as the build bundles it (one script, run here by this Node rather than
 * inside a single executable), registered for the browser the way the installers register the built one: a host
 * manifest naming an executable (here a small script that records each helper's process id, then becomes the
 * helper) and allowing only our extension. Run under tsx instead, a helper spent seconds compiling its sources at
 * each start on a busy machine and missed the extension's 5 s for an answer to version.
 */
async function registerHelperFromSource(work: string, browserName: 'chrome' | 'firefox', hostDir: string, serverUrl: string, isoServer: string) {
  const downloadDir = path.join(work, 'downloads');
  const stateFile = path.join(work, 'burner.json');
  writeFileSync(stateFile, JSON.stringify({ present: true, media_type: 'DVD-R', blank: true, disc_file: path.join(work, 'disc.img'), write_bytes_per_second: 100_000 }));
  const config = path.join(work, 'config.json');
  writeFileSync(config, JSON.stringify({ servers: [serverUrl, isoServer], updateServer: serverUrl, downloadDir, burner: { kind: 'virtual', stateFile } }));
  const bundle = path.join(work, 'helper.cjs');
  writeFileSync(bundle, await bundleHelper({ entry: path.join(projectRoot, 'native-host/src/main.ts'), version: helperVersion.version, publicKeyBase64: '' }));
  const pidFile = path.join(work, 'helper.pids');
  const script = path.join(work, 'tribute-burner');
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      `echo $$ >> ${quote(pidFile)}`,
      `export TRIBUTE_BURNER_CONFIG=${quote(config)} TRIBUTE_BURNER_LOG=${quote(path.join(work, 'helper.log'))}`,
      `exec ${quote(process.execPath)} ${quote(bundle)} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  mkdirSync(hostDir, { recursive: true });
  const allowed = browserName === 'chrome' ? { allowed_origins: [`chrome-extension://${CHROME_EXTENSION_ID}/`] } : { allowed_extensions: [FIREFOX_EXTENSION_ID] };
  writeFileSync(path.join(hostDir, `${NATIVE_HOST_NAME}.json`), JSON.stringify({ name: NATIVE_HOST_NAME, description: 'Tribute DVD burner (test)', path: script, type: 'stdio', ...allowed }));
  const pids = (): number[] => {
    try {
      return readFileSync(pidFile, 'utf8').trim().split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return { pids };
}

/** Asks the helper (starting it when none runs) for its burner checks and waits for its answer. */
async function startedHelper(page: Page, id: number): Promise<void> {
  const [checks] = await ask(page, id, { type: 'burner_checks' }, 60000);
  assert.ok(checks?.reply.type === 'burner_checks', JSON.stringify(checks));
}

function helperSuite(browserName: 'chrome' | 'firefox'): void {
  let app: E2eApp;
  let work: string;
  let launched: LaunchedBrowser;
  let helper: Awaited<ReturnType<typeof registerHelperFromSource>>;
  let isoServer: IsoServer;

  before(async () => {
    app = await startApp();
    isoServer = await startIsoServer(ISO);
    work = mkdtempSync(path.join(os.tmpdir(), `tribute-ext-helper-${browserName}-`));
    if (browserName === 'chrome') {
      // Chromium reads host manifests from <user data dir>/NativeMessagingHosts/.
      const userDataDir = path.join(work, 'profile');
      helper = await registerHelperFromSource(work, 'chrome', path.join(userDataDir, 'NativeMessagingHosts'), app.url, isoServer.origin);
      const dir = await buildExtension({ browser: 'chrome', publicUrl: app.url, outDir: path.join(work, 'chrome'), chromeKey });
      launched = await launchChromiumWithExtension(dir, { userDataDir });
    } else {
      // Firefox reads them from $HOME/.mozilla/native-messaging-hosts/.
      const home = path.join(work, 'home');
      helper = await registerHelperFromSource(work, 'firefox', path.join(home, '.mozilla', 'native-messaging-hosts'), app.url, isoServer.origin);
      const dir = await buildExtension({ browser: 'firefox', publicUrl: app.url, outDir: path.join(work, 'firefox') });
      launched = await launchFirefoxWithExtension(dir, { env: { ...process.env, HOME: home } });
    }
  });
  after(async () => {
    await launched?.close();
    // A helper still running after its browser closed (it finishes a burn first) is ours to end.
    for (const pid of helper?.pids() ?? []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await app?.stop();
    await isoServer?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('answers version with the helper’s version; a helper that dies half way fails its burn with nativeUnavailable, and the next request starts a new one', async () => {
    const page = await openPage(launched.browser, `${app.url}/users/login`);
    // The first request starts the helper. Version gets 5 s (the relay's own limit, checked in relay.test.ts) for
    // the answer, and a helper here is Node loading its bundle, which on a loaded machine can take longer than that
    // to start: so the helper is started by a request without a time limit and its real answer awaited first.
    await startedHelper(page, 10);
    const [version] = await ask(page, 1, { type: 'version' }, 20000);
    assert.ok(version?.reply.type === 'extension_version', JSON.stringify(version));
    assert.equal(version.reply.native_error, null);
    assert.deepEqual(version.reply.native, { type: 'version', version: 7, protocol: PROTOCOL_VERSION, platform: 'linux-x64', burner: 'virtual' });
    assert.equal(helper.pids().length, 1, 'one helper for the page');

    // The helper burns only an image it downloaded and checked in this connection.
    const [started] = await ask(page, 20, { type: 'download_start', url: `${isoServer.origin}/downloads/video/abc123/dvd.iso`, sha256: ISO_SHA, size: ISO.length }, 20000);
    assert.ok(started?.reply.type === 'download_started', JSON.stringify(started));
    let filename: string | null = null;
    for (let id = 21; !filename && id < 200; id += 1) {
      const [status] = await ask(page, id, { type: 'download_poll', download_id: started.reply.download_id });
      assert.ok(status?.reply.type === 'download_status' && ['in_progress', 'not_started', 'complete'].includes(status.reply.state), JSON.stringify(status));
      filename = status.reply.filename;
    }
    // A burn streams progress through the extension with the page's id.
    await page.evaluate((frame) => window.postMessage(frame, window.location.origin), { channel: 'tribute-burn', id: 2, request: { type: 'burn', filename: filename!, burner_index: 0 } });
    await page.waitForFunction(() => (window as unknown as { burnReplies: ReplyFrame[] }).burnReplies.some((f) => f.id === 2 && f.reply.type === 'burn_progress' && f.reply.stage === 'writing'), { timeout: 20000 });
    const [first] = helper.pids();
    process.kill(first, 'SIGKILL');
    await page.waitForFunction(() => (window as unknown as { burnReplies: ReplyFrame[] }).burnReplies.some((f) => f.id === 2 && f.final), { timeout: 10000 });
    const final = (await replies(page)).filter((f) => f.id === 2 && f.final);
    assert.equal(final.length, 1);
    assert.ok(final[0].reply.type === 'error', JSON.stringify(final[0]));
    assert.equal(final[0].reply.code, ERROR_CODES.nativeUnavailable);
    assert.match(final[0].reply.message, /^The DVD burning helper is not available/);

    // The next request starts a new helper (waited for as above), which then answers version.
    await startedHelper(page, 11);
    const [again] = await ask(page, 3, { type: 'version' }, 20000);
    assert.ok(again?.reply.type === 'extension_version', JSON.stringify(again));
    assert.equal(again.reply.native?.version, 7);
    const pids = helper.pids();
    assert.equal(pids.length, 2, 'a new helper for the next request');
    assert.notEqual(pids[1], first);
    await page.close();
  });
}

describe('burn extension with the native helper in Chromium', function () {
  this.timeout(180000);
  helperSuite('chrome');
});

describe('burn extension with the native helper in Firefox', function () {
  this.timeout(180000);
  helperSuite('firefox');
});
