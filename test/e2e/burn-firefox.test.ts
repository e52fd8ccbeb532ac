/**
 * One-click DVD burning end to end in Debian's firefox-esr (issue 12): the Firefox build of the extension installed
 * over WebDriver BiDi, the helper installed by the per-user script into a temporary HOME (Firefox reads its host
 * manifest from ~/.mozilla/native-messaging-hosts), the virtual burner, the disc compared with the server's ISO.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { FIREFOX_EXTENSION_ID, NATIVE_HOST_NAME } from '../../common/burn-protocol.ts';
import { DENIM_PATHS } from '../../common/helper-update.ts';
import { lintFirefoxBuild } from '../../extension/lint.ts';
import {
  askExtensionVersion,
  assertRowsWentThrough,
  burnShot,
  cachedBurnerBuild,
  closeBurnWindows,
  finalizeOnOrderPage,
  freePort,
  hostManifest,
  installHelper,
  isoOnServer,
  launchFirefox,
  press,
  recordRows,
  rowStatus,
  serveBuild,
  startBurnApp,
  startForeignPage,
  waitForBurnWindow,
  waitForRow,
  waitForText,
  windowText,
  type BurnApp,
  type BurnBrowser,
  type InstalledHelper,
} from './burn-harness.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { signIn } from './sign-in.ts';

/** Another stable port than the Chromium file's: the two files may run one after the other with both caches kept. */
const PREFERRED_PORT = 47320;

describe('Burn DVD in Firefox: extension, native helper, virtual burner', function () {
  this.timeout(600_000);
  let app: BurnApp;
  let build: string;
  let helper: InstalledHelper;
  let firefox: BurnBrowser;
  let page: Page;
  let video: { id: number; videoCode: string };
  let xpi: string;

  async function expectVerifiedDisc(win: Page, label: string): Promise<void> {
    await waitForRow(win, 'Verify', /Completed/, 240_000);
    for (const row of ['Finalize', 'Download', 'Burn'] as const) assert.match(await rowStatus(win, row), /Completed/, `${label}: the ${row} row is Completed`);
    const disc = helper.disc();
    assert.ok(disc, `${label}: the virtual disc was written`);
    const iso = await isoOnServer(app, video.id);
    assert.equal(disc.size, iso.size, `${label}: the disc holds the ISO's size`);
    assert.equal(disc.sha256, iso.sha256, `${label}: the disc's bytes equal the ISO's`);
  }

  before(async () => {
    const publicPort = await freePort(PREFERRED_PORT);
    build = await cachedBurnerBuild({ publicUrl: `http://127.0.0.1:${publicPort}` });
    app = await startBurnApp(publicPort);
    await serveBuild(app, build);
    helper = await installHelper(app);
    // The add-on as a user gets it: the .xpi the server offers at /denim.
    const res = await fetch(`${app.url}${DENIM_PATHS.firefoxExtension}`);
    assert.equal(res.status, 200, `GET ${DENIM_PATHS.firefoxExtension}`);
    assert.match(res.headers.get('content-type') ?? '', /^application\/x-xpinstall/);
    xpi = path.join(helper.home, 'tribute-burner-firefox.xpi');
    writeFileSync(xpi, Buffer.from(await res.arrayBuffer()));
    firefox = await launchFirefox(helper.home, xpi);
    page = await firefox.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
    video = await makeFinishedVideo(app, page, 'Harriet "Hattie" Moss');
  });
  after(async () => {
    await firefox?.close();
    await app?.stop();
    if (helper) rmSync(helper.home, { recursive: true, force: true });
  });

  it('installs the Firefox host manifest naming the helper and the add-on', () => {
    const manifest = hostManifest(helper.home, 'firefox');
    assert.equal(manifest.name, NATIVE_HOST_NAME);
    assert.equal(manifest.path, helper.executable);
    assert.deepEqual(manifest.allowed_extensions, [FIREFOX_EXTENSION_ID]);
    assert.ok(existsSync(manifest.path));
  });

  it('burns a finished video from its details page: Finalize, Download, Burn, Verify, then Burn Another Copy', async () => {
    helper.insertBlank('DVD-R');
    helper.setBurner({ write_bytes_per_second: 1_000_000 });
    await page.goto(`${app.url}/videos/${video.id}/details`, { waitUntil: 'networkidle0' });
    await page.locator('section[aria-label="Actions"] button::-p-text(Burn DVD)').click();
    const win = await waitForBurnWindow(firefox.browser, video.id);
    await waitForText(win, /Finalize/);
    await recordRows(win);
    await waitForRow(win, 'Burn', /\d+%|remaining/, 240_000).then(() => burnShot(win, 'burn-window-firefox-burning'), () => undefined);
    await expectVerifiedDisc(win, 'Firefox, first copy');
    await assertRowsWentThrough(win, 'Firefox, first copy');
    await burnShot(win, 'burn-window-firefox-completed');
    assert.match(await windowText(win), /Burn Another Copy/);
    helper.insertBlank('DVD-R');
    await recordRows(win);
    await press(win, 'Burn Another Copy');
    await waitForRow(win, 'Burn', /^(?![\s\S]*Completed)/, 10_000);
    await expectVerifiedDisc(win, 'Firefox, second copy');
    await assertRowsWentThrough(win, 'Firefox, second copy');
    helper.setBurner({ write_bytes_per_second: 8_000_000 });
    await closeBurnWindows(firefox.browser);
  });

  it('opens the window and burns by itself after finalizing on the order page with auto-burn ticked', async () => {
    helper.insertBlank('DVD-R');
    await closeBurnWindows(firefox.browser);
    const fresh = await finalizeOnOrderPage(app, page, 'Ezra "Ez" Pollard');
    const win = await waitForBurnWindow(firefox.browser, fresh.id, 60_000);
    // The window says so once it has read its own address (?auto=1); the target's url can lag behind the page's.
    await win.waitForSelector('[data-testid="burn-auto"]', { timeout: 20_000 });
    assert.match(String(await win.evaluate('location.search')), /[?&]auto=1/, 'the window was opened for auto-burn');
    await waitForText(win, /Finalize/);
    await recordRows(win);
    const videoBefore = video;
    video = fresh;
    try {
      await expectVerifiedDisc(win, 'Firefox auto-burn');
    } finally {
      video = videoBefore;
    }
    await burnShot(win, 'burn-window-firefox-auto-completed');
    await closeBurnWindows(firefox.browser);
  });

  it('passes web-ext lint on the .xpi the server offers', async () => {
    const dir = path.join(helper.home, 'xpi-unpacked');
    mkdirSync(dir, { recursive: true });
    await promisify(execFile)('unzip', ['-q', '-o', xpi, '-d', dir]);
    const lint = await lintFirefoxBuild(dir);
    assert.deepEqual(lint.errors, [], 'web-ext lint errors');
    assert.deepEqual(lint.warnings, [], 'web-ext lint warnings');
  });

  it('does not answer a page of another origin', async () => {
    const foreign = await startForeignPage();
    const other = await firefox.browser.newPage();
    try {
      await other.goto(foreign.url, { waitUntil: 'load' });
      assert.deepEqual(await askExtensionVersion(other), [], 'no reply reaches another site');
      await other.goto(`${app.url}/users/login`, { waitUntil: 'load' });
      const replies = (await askExtensionVersion(other)) as { reply: { type: string; browser: string; native: { version: number } | null } }[];
      assert.ok(replies.length > 0, 'the product’s own origin is answered');
      assert.equal(replies[0].reply.type, 'extension_version');
      assert.equal(replies[0].reply.browser, 'firefox');
      assert.equal(replies[0].reply.native?.version, 7);
    } finally {
      await other.close();
      await foreign.close();
    }
  });
});
