/**
 * One-click DVD burning end to end in Debian's Chromium (issue 12): the helper installed by the per-user script into
 * a temporary HOME, the unpacked Chrome build of the extension, the virtual burner, the product behind a proxy that
 * can drop a download half way. Every burn ends with the virtual disc's bytes compared with the server's ISO file.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { NATIVE_HOST_NAME } from '../../common/burn-protocol.ts';
import {
  builtChromeExtensionId,
  askExtensionVersion,
  assertRowsWentThrough,
  burnShot,
  cachedBurnerBuild,
  finalizeOnOrderPage,
  closeBurnWindows,
  freePort,
  helperFile,
  helperVersion,
  hostManifest,
  installHelper,
  isoOnServer,
  launchChromium,
  press,
  pressBurnDvd,
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
  type VirtualBurnerState,
} from './burn-harness.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { watchConsole } from './harness.ts';
import { signIn } from './sign-in.ts';

/** A stable public port keeps the cached build (the extension names its origin); another is taken when it is busy. */
const PREFERRED_PORT = 47310;
const sha256Of = (file: string) => import('node:crypto').then(({ createHash }) => createHash('sha256').update(readFileSync(file)).digest('hex'));

describe('Burn DVD in Chromium: extension, native helper, virtual burner', function () {
  this.timeout(600_000);
  let app: BurnApp;
  let build: string;
  let oldBuild: string;
  let helper: InstalledHelper;
  let chromium: BurnBrowser;
  let page: Page;
  let video: { id: number; videoCode: string };
  let iso: { size: number; sha256: string };

  /** Opens the details page and presses Burn DVD: answers the burn window the extension opened. */
  async function openBurnWindow(videoId = video.id): Promise<Page> {
    const win = await pressBurnDvd(chromium.browser, page, app.url, videoId);
    await win.setViewport({ width: 700, height: 440 });
    return win;
  }

  /** The four rows Completed and the disc equal to the server's ISO, byte for byte. */
  async function expectVerifiedDisc(win: Page, label: string): Promise<void> {
    await waitForRow(win, 'Verify', /Completed/, 240_000);
    for (const row of ['Finalize', 'Download', 'Burn'] as const) assert.match(await rowStatus(win, row), /Completed/, `${label}: the ${row} row is Completed`);
    const disc = helper.disc();
    assert.ok(disc, `${label}: the virtual disc was written`);
    iso = await isoOnServer(app, video.id);
    assert.equal(disc.size, iso.size, `${label}: the disc holds the ISO's size`);
    assert.equal(disc.sha256, iso.sha256, `${label}: the disc's bytes equal the ISO's`);
  }

  before(async () => {
    const publicPort = await freePort(PREFERRED_PORT);
    const publicUrl = `http://127.0.0.1:${publicPort}`;
    // Built (or taken from the cache) before the app starts: the first build of a helper takes a while.
    build = await cachedBurnerBuild({ publicUrl });
    oldBuild = await cachedBurnerBuild({ publicUrl, helperVersion: 6, extensions: false });
    // A second download server: the same product under another name (an origin the helper was not installed for).
    app = await startBurnApp(publicPort, { DOWNLOAD_ALTERNATES: `mirror=http://localhost:${publicPort}` });
    await serveBuild(app, build);
    helper = await installHelper(app);
    chromium = await launchChromium(helper.home, path.join(build, 'extension', 'chrome'));
    page = await chromium.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
    video = await makeFinishedVideo(app, page, 'Walter "Walt" Brennan');
  });
  after(async () => {
    await chromium?.close();
    await app?.stop();
    if (helper) rmSync(helper.home, { recursive: true, force: true });
  });
  afterEach(async function () {
    // A failed test leaves pictures of the page and of any burn window, to see what they showed.
    if (this.currentTest?.state !== 'failed' || !chromium) return;
    const name = (this.currentTest.title.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40) || 'test').toLowerCase();
    await burnShot(page, `burn-failed-${name}-page`).catch(() => undefined);
    for (const [i, win] of (await chromium.browser.pages()).filter((p) => /\/burn\/\d+/.test(p.url())).entries()) {
      await burnShot(win, `burn-failed-${name}-window${i}`).catch(() => undefined);
    }
  });
  beforeEach(() => {
    // Each burn downloads the image again through the helper (no leftover from the previous test).
    if (helper) rmSync(helper.downloadDir(), { recursive: true, force: true });
  });

  it('installs the helper for this user with host manifests naming it and the extension', async () => {
    const manifest = hostManifest(helper.home, 'chromium');
    assert.equal(manifest.name, NATIVE_HOST_NAME);
    assert.equal(manifest.path, helper.executable);
    assert.deepEqual(manifest.allowed_origins, [`chrome-extension://${builtChromeExtensionId(build)}/`]);
    assert.ok(existsSync(path.join(helper.home, '.mozilla', 'native-messaging-hosts', `${NATIVE_HOST_NAME}.json`)), 'Firefox host manifest too');
    assert.equal(await helperVersion(helper.executable), 7);
    const config = JSON.parse(readFileSync(helper.configFile, 'utf8')) as { servers: string[]; burner: { kind: string } };
    // This server and its download mirror (DOWNLOAD_ALTERNATES), which the served script carries.
    assert.deepEqual(config.servers, [app.url, app.url.replace('127.0.0.1', 'localhost')]);
    assert.equal(config.burner.kind, 'virtual');
  });

  it('burns a finished video from its details page: Finalize, Download, Burn, Verify, then Burn Another Copy', async () => {
    helper.insertBlank('DVD-R');
    // Slow enough that the burn and verify bars are seen moving (the image is ~10 MB).
    helper.setBurner({ write_bytes_per_second: 1_000_000 });
    const win = await openBurnWindow();
    const errors = watchConsole(win);
    await waitForText(win, /Finalize/);
    await recordRows(win);
    await burnShot(win, 'burn-window-start');
    // Pictures of the passing states when they are caught; the notes of the window say whether they happened.
    await waitForRow(win, 'Burn', /\d+%|remaining/, 240_000).then(() => burnShot(win, 'burn-window-burning'), () => undefined);
    // The virtual disc reads back at once: the Verify row's progress is seldom caught from outside.
    await waitForRow(win, 'Verify', /Verifying|\d+%|remaining/, 10_000).then(
      () => burnShot(win, 'burn-window-verifying', 0),
      () => undefined,
    );
    await expectVerifiedDisc(win, 'first copy');
    await assertRowsWentThrough(win, 'first copy');
    await burnShot(win, 'burn-window-completed');
    const text = await windowText(win);
    assert.match(text, /Burn Another Copy/);
    assert.match(text, /Close/);
    assert.doesNotMatch(text, /\bRetry\b/);

    // A second blank disc: the burn and verify rows start over, the download is not repeated.
    const isoRequestsBefore = app.proxy.isoRequests().length;
    helper.insertBlank('DVD-R');
    await recordRows(win);
    await press(win, 'Burn Another Copy');
    await waitForRow(win, 'Burn', /^(?![\s\S]*Completed)/, 10_000);
    await expectVerifiedDisc(win, 'second copy');
    await assertRowsWentThrough(win, 'second copy');
    assert.equal(app.proxy.isoRequests().length, isoRequestsBefore, 'Burn Another Copy burns the downloaded image again');
    helper.setBurner({ write_bytes_per_second: 8_000_000 });
    assert.deepEqual(errors, []);
  });

  it('resumes the download when the server drops the connection half way', async () => {
    helper.insertBlank('DVD-R');
    const half = Math.floor((await isoOnServer(app, video.id)).size / 2);
    const before = app.proxy.isoRequests().length;
    app.proxy.cutNextIso(half);
    const win = await openBurnWindow();
    await expectVerifiedDisc(win, 'after a dropped download');
    const requests = app.proxy.isoRequests().slice(before);
    assert.ok(requests.length >= 2, `the image was asked for again (${JSON.stringify(requests)})`);
    assert.equal(requests[0].cut, true, 'the first answer was cut');
    assert.equal(requests[0].sent, half);
    const resumed = requests.slice(1).find((r) => r.range !== null);
    assert.ok(resumed, `a later request resumed with Range (${JSON.stringify(requests)})`);
    // From what the helper had kept of the cut answer (at most what was sent; bytes still in flight are lost).
    const from = Number(/^bytes=(\d+)-$/.exec(resumed.range!)?.[1] ?? -1);
    assert.ok(from > 0 && from <= half, `resumed from ${from}, after the start and not past the cut at ${half}`);
    assert.equal(resumed.status, 206);
    assert.ok(!requests.slice(1).some((r) => r.range === null), 'never downloaded again from the start');
  });

  it('downloads from the other server chosen in Download Settings', async () => {
    helper.insertBlank('DVD-R');
    const before = app.proxy.isoRequests().length;
    // The primary server does not answer: the download waits with Download Settings offered.
    app.proxy.holdPrimaryIso(true);
    try {
      const win = await openBurnWindow();
      await win.locator('button::-p-text(Download Settings)').click();
      await win.locator('[role="dialog"] label ::-p-text(Mirror)').click();
      await burnShot(win, 'burn-window-download-settings');
      await win.locator('[role="dialog"] button::-p-text(Restart Download)').click();
      // Fails at once with the window's words when the mirror's download is refused, rather than at the time limit.
      await waitForRow(win, 'Download', /Completed|^(?!Estimating)[\s\S]*(may not|fail|error|refused)/i, 120_000);
      const download = await rowStatus(win, 'Download');
      assert.match(download, /Completed/, `the download from the mirror: ${await win.$eval('[data-testid="burn-status-download"]', (el) => el.getAttribute('title') ?? el.textContent)}`);
      await expectVerifiedDisc(win, 'from the mirror');
      const mirrored = app.proxy.isoRequests().slice(before).filter((r) => /[?&]alt=mirror/.test(r.path));
      assert.ok(mirrored.length > 0 && mirrored.every((r) => r.status === 200 || r.status === 206), `the image came from the mirror: ${JSON.stringify(mirrored)}`);
    } finally {
      app.proxy.holdPrimaryIso(false);
    }
  });

  it("waits for a disc: 'No media' from the helper, then burns once one is inserted", async () => {
    rmSync(helper.discFile, { force: true });
    helper.setBurner({ present: true, media_type: 'none', blank: false });
    const win = await openBurnWindow();
    await waitForRow(win, 'Download', /Completed/, 240_000);
    // The helper's own words for an empty drive (spec 3 section 8).
    const text = await waitForText(win, /No disc in the burner|no media/i, 30_000);
    await burnShot(win, 'burn-window-no-media');
    assert.equal(helper.disc(), null, 'nothing was written');
    assert.doesNotMatch(await rowStatus(win, 'Burn'), /Completed/, text);
    helper.insertBlank('DVD-R');
    await expectVerifiedDisc(win, 'after inserting a disc');
  });

  it('waits through every burner status of spec 3 section 4.5, then burns when the drive is ready', async () => {
    rmSync(helper.discFile, { force: true });
    helper.setBurner({ present: false });
    const win = await openBurnWindow();
    await waitForRow(win, 'Download', /Completed/, 240_000);
    // Each state stays until the next burner re-check (every 2 s) has shown it.
    const steps: [Partial<VirtualBurnerState>, RegExp, string][] = [
      [{ present: false }, /No burner could be found/, 'no-burner'],
      [{ present: true, becoming_ready: true }, /Loading\.\.\./, 'becoming-ready'],
      [{ becoming_ready: false, media_type: 'DVD-R', blank: false }, /The disc in the burner is not blank/, 'not-blank'],
      [{ blank: true, busy: true }, /The burner is busy\./, 'busy'],
    ];
    for (const [state, text, name] of steps) {
      helper.setBurner(state);
      await waitForText(win, text, 15_000);
      await burnShot(win, `burn-window-status-${name}`);
      assert.equal(helper.disc(), null, `nothing is written while ${name}`);
    }
    helper.setBurner({ busy: false });
    await expectVerifiedDisc(win, 'once the drive is ready');
  });

  it('reports a disc that fails verification and never calls it done', async () => {
    helper.insertBlank('DVD-R');
    helper.setBurner({ corrupt_write: true });
    try {
      const win = await openBurnWindow();
      await waitForRow(win, 'Burn', /Completed/, 240_000);
      const verify = await waitForRow(win, 'Verify', /\S/, 60_000).then(() => new Promise((r) => setTimeout(r, 3000))).then(() => rowStatus(win, 'Verify'));
      await burnShot(win, 'burn-window-verify-failed');
      assert.doesNotMatch(verify, /Completed/, 'the verify row is not Completed');
      assert.equal(await win.$eval('[data-testid="burn-status-verify"]', (el) => el.getAttribute('data-error')), 'true', `the verify row shows an error: ${verify}`);
      const text = await windowText(win);
      assert.doesNotMatch(text, /burned and verified/);
      assert.doesNotMatch(text, /Burn Another Copy/, 'a failed verify offers Close, not another copy (spec 3 section 4.4)');
      assert.match(text, /Close/);
      const disc = helper.disc();
      assert.ok(disc && disc.sha256 !== (await isoOnServer(app, video.id)).sha256, 'the disc really differs');
    } finally {
      helper.setBurner({ corrupt_write: false });
    }
  });

  it('burns a DVD+R with the advisory to use DVD-R', async () => {
    helper.insertBlank('DVD+R');
    const win = await openBurnWindow();
    await waitForText(win, /For best results, use DVD-R discs \(you are currently using DVD\+R\)\./, 240_000);
    await burnShot(win, 'burn-window-dvd-plus-r');
    await expectVerifiedDisc(win, 'DVD+R');
  });

  it('refuses a CD-R with the message of the spec and burns nothing on it', async () => {
    helper.insertBlank('CD-R');
    const win = await openBurnWindow();
    await waitForRow(win, 'Download', /Completed/, 240_000);
    await waitForText(win, /You are currently using a CD-R disc, which is not supported\. Please use DVD-R disc\./, 30_000);
    await burnShot(win, 'burn-window-cd-r');
    // Two burner re-checks later, still refused.
    await new Promise((r) => setTimeout(r, 4500));
    assert.equal(helper.disc(), null, 'the CD-R was not written');
    assert.match(await windowText(win), /You are currently using a CD-R disc/);
    assert.doesNotMatch(await rowStatus(win, 'Burn'), /Completed|\d+%/);
    // A DVD-R instead: the re-check finds it and the burn goes on.
    helper.insertBlank('DVD-R');
    await expectVerifiedDisc(win, 'the DVD-R put in instead');
  });

  it('does not answer a page of another origin, and answers the product’s own pages', async () => {
    const foreign = await startForeignPage();
    const other = await chromium.browser.newPage();
    try {
      await other.goto(foreign.url, { waitUntil: 'load' });
      assert.deepEqual(await askExtensionVersion(other), [], 'no reply reaches another site');
      // The same product on another name (localhost is another origin than 127.0.0.1) is refused too.
      await other.goto(app.url.replace('127.0.0.1', 'localhost') + '/users/login', { waitUntil: 'load' });
      assert.deepEqual(await askExtensionVersion(other), [], 'no reply reaches the product under another origin');
      await other.goto(`${app.url}/users/login`, { waitUntil: 'load' });
      const replies = (await askExtensionVersion(other)) as { reply: { type: string; native: { version: number } | null } }[];
      assert.ok(replies.length > 0, 'the product’s own origin is answered');
      assert.equal(replies[0].reply.type, 'extension_version');
      assert.equal(replies[0].reply.native?.version, 7);
    } finally {
      await other.close();
      await foreign.close();
    }
  });

  describe('helper auto-update', () => {
    /** Installs the version 6 helper with the script (the server serving that build), then serves `next`. */
    async function installOld(next: () => Promise<void>): Promise<string> {
      await closeBurnWindows(chromium.browser);
      await page.goto('about:blank');
      await serveBuild(app, oldBuild);
      await installHelper(app, helper.home);
      assert.equal(await helperVersion(helper.executable), 6, 'the old helper is installed');
      await next();
      return helper.executableSha256();
    }

    after(async () => {
      // The current helper back for the tests that follow.
      await serveBuild(app, build);
      await installHelper(app, helper.home);
    });

    it('updates an older helper (6) to the server’s (7) and then burns', async () => {
      await installOld(() => serveBuild(app, build));
      helper.insertBlank('DVD-R');
      const win = await openBurnWindow();
      await waitForText(win, /Updating native components\.\.\./, 60_000).then(
        () => burnShot(win, 'burn-window-updating'),
        () => undefined, // the update may be over before the first look
      );
      await expectVerifiedDisc(win, 'after the update');
      assert.equal(await helperVersion(helper.executable), 7, 'the installed helper is now version 7');
      assert.equal(helper.executableSha256(), await sha256Of(helperFile(build)), 'it is the published build, byte for byte');
    });

    // The helper's own reason reaches the window's message area (spec 3 section 4.6: update_error keeps its message).
    for (const [tamper, what, reason] of [
      ['signature', 'a manifest whose signature does not verify', /signature is not valid/],
      ['rogue-key', 'a build signed with another key', /signature is not valid/],
      ['bytes', 'a helper whose bytes differ from its signed manifest', /does not match its signed SHA-256/],
      ['older', 'a build that is not newer than the installed helper', /version 6 is not newer than this helper's version 6/],
    ] as const) {
      it(`refuses ${what}: the window shows the failure and the old helper stays`, async () => {
        const installed = await installOld(() => (tamper === 'older' ? serveBuild(app, oldBuild) : serveBuild(app, build, tamper)));
        helper.insertBlank('DVD-R');
        const win = await openBurnWindow();
        const text = await waitForText(win, reason, 90_000);
        assert.match(text, /Error/, 'the row says Error');
        assert.match(text, /Retry/, 'Retry is offered');
        await burnShot(win, `burn-window-update-refused-${tamper}`);
        assert.doesNotMatch(text, /Completed[\s\S]*Completed[\s\S]*Completed[\s\S]*Completed/);
        // Give a wrongly accepted update time to land before looking.
        await new Promise((r) => setTimeout(r, 3000));
        assert.equal(helper.executableSha256(), installed, 'the installed helper is unchanged');
        assert.equal(await helperVersion(helper.executable), 6);
        assert.equal(helper.disc(), null, 'nothing was burned with a helper too old');
      });
    }
  });

  it('opens the window and burns by itself after finalizing on the order page with auto-burn ticked', async () => {
    helper.insertBlank('DVD-R');
    await closeBurnWindows(chromium.browser);
    const fresh = await finalizeOnOrderPage(app, page, 'Dorothy "Dot" Keane');
    const win = await waitForBurnWindow(chromium.browser, fresh.id, 60_000);
    await win.setViewport({ width: 700, height: 440 });
    // The window says so once it has read its own address (?auto=1); the target's url can lag behind the page's.
    await win.waitForSelector('[data-testid="burn-auto"]', { timeout: 20_000 });
    assert.match(String(await win.evaluate('location.search')), /[?&]auto=1/, 'the window was opened for auto-burn');
    await waitForText(win, /Finalize/);
    await burnShot(win, 'burn-window-auto-finalizing');
    const videoBefore = video;
    video = fresh;
    try {
      await expectVerifiedDisc(win, 'auto-burn');
    } finally {
      video = videoBefore;
    }
    await burnShot(win, 'burn-window-auto-completed');
  });
});
