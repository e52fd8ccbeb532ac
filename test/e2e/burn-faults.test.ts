/**
 * The faults a staff member meets while burning (issue 29 §4 and §5), each in Debian's Chromium with the real
 * extension, the helper installed by the per-user script and the product behind a proxy that can slow or drop the
 * disc image: the burn window closed during the download, the helper killed during it, the server restarted during
 * it (each resumes the kept .part, never starts over, and burns only bytes whose SHA-256 is the server's), the disc
 * taken out during the write (the burn error, never "verified"), Burn DVD for a second video while one burns (it
 * waits, "The burner is busy.", and the drive takes one burn), and a burn through the Linux burner's real xorriso
 * commands onto libburn's stdio pseudo-drive.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { DISC_TAKEN_OUT } from '../../native-host/src/burners/virtual.ts';
import {
  burnShot,
  cachedBurnerBuild,
  closeBurnWindows,
  freePort,
  installHelper,
  isoOnServer,
  launchChromium,
  press,
  pressBurnDvd,
  rowStatus,
  serveBuild,
  startBurnApp,
  tempDir,
  waitForRow,
  waitForText,
  windowText,
  type BurnApp,
  type BurnBrowser,
  type InstalledHelper,
  type ProxyRequest,
} from './burn-harness.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { watchConsole } from './harness.ts';
import { signIn } from './sign-in.ts';

/** burn-chromium.test.ts's port: the same cached build serves both (the extension names its origin). */
const PREFERRED_PORT = 47310;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Burn DVD in Chromium when things go wrong', function () {
  this.timeout(600_000);
  let app: BurnApp;
  let helper: InstalledHelper;
  let chromium: BurnBrowser;
  let page: Page;
  let video: { id: number; videoCode: string };
  let iso: { size: number; sha256: string };

  async function openBurnWindow(videoId = video.id, closeOthers = true): Promise<Page> {
    const win = await pressBurnDvd(chromium.browser, page, app.url, videoId, closeOthers);
    await win.setViewport({ width: 700, height: 440 });
    return win;
  }

  /** The four rows Completed and the disc's first bytes (a drive pads to whole blocks) equal to the server's ISO. */
  async function expectVerified(win: Page, discFile: string, label: string): Promise<void> {
    await waitForRow(win, 'Verify', /Completed/, 240_000);
    for (const row of ['Finalize', 'Download', 'Burn'] as const) assert.match(await rowStatus(win, row), /Completed/, `${label}: ${row} Completed`);
    const bytes = readFileSync(discFile);
    assert.ok(bytes.length >= iso.size, `${label}: the disc holds the whole image`);
    assert.equal(createHash('sha256').update(bytes.subarray(0, iso.size)).digest('hex'), iso.sha256, `${label}: the disc's bytes are the ISO's`);
  }

  /** The process ids of this test's helper (the executable the script installed into its temporary HOME). */
  function helperPids(): number[] {
    try {
      return execFileSync('pgrep', ['-f', helper.executable], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  /** The image's request that is under way, once `share` of the image has reached the helper. */
  async function downloadUnderWay(before: number, share: number): Promise<ProxyRequest> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const first = app.proxy.isoRequests()[before];
      if (first && first.sent >= iso.size * share) return first;
      assert.ok(Date.now() < deadline, `the download never reached ${share * 100}%: ${JSON.stringify(app.proxy.isoRequests().slice(before))}`);
      await sleep(100);
    }
  }

  /**
   * The requests for the image since `before`: the first from the start, every later one a Range request from where
   * the kept .part ended (past the start, not past what was sent), never the whole image again.
   */
  function assertResumed(before: number, label: string): void {
    const requests = app.proxy.isoRequests().slice(before);
    assert.equal(requests[0]?.range, null, `${label}: the first request started the image`);
    const later = requests.slice(1);
    assert.ok(later.length > 0, `${label}: the image was asked for again (${JSON.stringify(requests)})`);
    for (const request of later) {
      const from = Number(/^bytes=(\d+)-$/.exec(request.range ?? '')?.[1] ?? -1);
      assert.ok(from > 0 && from <= requests[0].sent, `${label}: resumed from ${from} of ${requests[0].sent} sent, never from the start (${JSON.stringify(requests)})`);
    }
  }

  before(async () => {
    const publicPort = await freePort(PREFERRED_PORT);
    const build = await cachedBurnerBuild({ publicUrl: `http://127.0.0.1:${publicPort}` });
    app = await startBurnApp(publicPort);
    await serveBuild(app, build);
    helper = await installHelper(app);
    chromium = await launchChromium(helper.home, path.join(build, 'extension', 'chrome'));
    page = await chromium.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
    video = await makeFinishedVideo(app, page, 'Margaret "Peggy" Olsen');
    // The disc image is authored by itself after the HD file: the tests need its size before the first burn.
    const deadline = Date.now() + 240_000;
    for (;;) {
      const ready = await isoOnServer(app, video.id).catch(() => null);
      if (ready) {
        iso = ready;
        break;
      }
      assert.ok(Date.now() < deadline, 'the DVD image was made within 4 minutes of the HD file');
      await sleep(1000);
    }
  });
  after(async () => {
    app?.proxy.paceIso(null);
    await chromium?.close();
    await app?.stop();
    if (helper) rmSync(helper.home, { recursive: true, force: true });
  });
  beforeEach(() => {
    // Each test downloads the image again: no image or .part kept from the one before.
    if (helper) rmSync(helper.downloadDir(), { recursive: true, force: true });
    app?.proxy.paceIso(null);
  });
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !chromium) return;
    const name = (this.currentTest.title.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40) || 'test').toLowerCase();
    for (const [i, win] of (await chromium.browser.pages()).filter((p) => /\/burn\/\d+/.test(p.url())).entries()) {
      await burnShot(win, `burn-fault-failed-${name}-window${i}`).catch(() => undefined);
    }
  });

  it('resumes the kept .part when the burn window was closed during the download', async () => {
    helper.insertBlank('DVD-R');
    const before = app.proxy.isoRequests().length;
    // About eight seconds for the image: time to close the window with part of it kept.
    app.proxy.paceIso(Math.ceil(iso.size / 8));
    const win = await openBurnWindow();
    await downloadUnderWay(before, 0.25);
    await win.close();
    app.proxy.paceIso(null);
    const again = await openBurnWindow();
    const errors = watchConsole(again);
    await expectVerified(again, helper.discFile, 'after the window was closed');
    assertResumed(before, 'window closed');
    assert.deepEqual(errors, []);
  });

  it('resumes with Retry when the helper was killed during the download, and burns only the checked image', async () => {
    helper.insertBlank('DVD-R');
    const before = app.proxy.isoRequests().length;
    app.proxy.paceIso(Math.ceil(iso.size / 8));
    const win = await openBurnWindow();
    await downloadUnderWay(before, 0.25);
    const pids = helperPids();
    assert.ok(pids.length > 0, 'a helper is running');
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    // The window tells that the helper stopped answering and offers Retry (spec 3 section 4.4).
    await waitForText(win, /\bRetry\b/, 60_000);
    await burnShot(win, 'burn-window-helper-killed');
    assert.equal(helper.disc(), null, 'nothing was burned');
    app.proxy.paceIso(null);
    await press(win, 'Retry');
    await expectVerified(win, helper.discFile, 'after the helper was killed');
    assertResumed(before, 'helper killed');
    // The .part became the image (renamed only once its SHA-256 equals the server's; the disc equals the ISO above).
    assert.ok(!readdirSync(helper.downloadDir()).some((name) => name.endsWith('.part')), 'no .part left over');
  });

  it('resumes by itself when the server restarted during the download', async () => {
    helper.insertBlank('DVD-R');
    const before = app.proxy.isoRequests().length;
    app.proxy.paceIso(Math.ceil(iso.size / 8));
    const win = await openBurnWindow();
    const errors = watchConsole(win);
    await downloadUnderWay(before, 0.25);
    app.proxy.paceIso(null);
    await app.restart();
    await expectVerified(win, helper.discFile, 'after the server restarted');
    assertResumed(before, 'server restarted');
    // The window's own calls may fail while the server is down; nothing else may.
    assert.deepEqual(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION|ECONNREFUSED|502|503/.test(e)), []);
  });

  it('ends in the burn error, never "verified", when the disc is taken out during the write, and burns a new disc after', async () => {
    helper.insertBlank('DVD-R');
    // About ten seconds for the write: the disc leaves the drive part of the way.
    helper.setBurner({ write_bytes_per_second: Math.ceil(iso.size / 10) });
    try {
      const win = await openBurnWindow();
      await waitForRow(win, 'Burn', /\d+%|remaining/, 240_000);
      helper.setBurner({ present: true, media_type: 'none', blank: false });
      await waitForText(win, new RegExp(DISC_TAKEN_OUT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 30_000);
      await burnShot(win, 'burn-window-disc-taken-out');
      assert.equal(await win.$eval('[data-testid="burn-status-burn"]', (el) => el.getAttribute('data-error')), 'true', 'the Burn row shows the error');
      assert.doesNotMatch(await rowStatus(win, 'Verify'), /Completed/);
      const text = await windowText(win);
      assert.doesNotMatch(text, /burned and verified|Burn Another Copy/);
      // A burn error with the download complete offers Burn (spec 3 section 4.4): a new blank disc, then Burn.
      helper.setBurner({ write_bytes_per_second: 50_000_000 });
      helper.insertBlank('DVD-R');
      await press(win, 'Burn');
      await expectVerified(win, helper.discFile, 'the new disc');
    } finally {
      helper.setBurner({ write_bytes_per_second: 50_000_000 });
    }
  });

  it('lets Burn DVD for a second video wait while one burns: "The burner is busy.", and the drive takes one burn', async () => {
    const second = await makeFinishedVideo(app, page, 'Harold Olsen');
    helper.insertBlank('DVD-R');
    helper.setBurner({ write_bytes_per_second: Math.ceil(iso.size / 15) });
    try {
      const first = await openBurnWindow();
      await waitForRow(first, 'Burn', /\d+%|remaining/, 240_000);
      const other = await openBurnWindow(second.id, false);
      await waitForRow(other, 'Download', /Completed/, 240_000);
      await waitForText(other, /The burner is busy\./, 30_000);
      await burnShot(other, 'burn-window-second-video-busy');
      assert.doesNotMatch(await rowStatus(other, 'Burn'), /\d+%|Completed/, 'the second burn did not start');
      await expectVerified(first, helper.discFile, 'the first video');
      // The disc is written now: the second window waits for a blank one and never writes over the first.
      await waitForText(other, /The disc in the burner is not blank/, 30_000);
      assert.doesNotMatch(await rowStatus(other, 'Burn'), /\d+%|Completed/);
      await expectVerified(first, helper.discFile, 'the first video, still');
    } finally {
      helper.setBurner({ write_bytes_per_second: 50_000_000 });
      await closeBurnWindows(chromium.browser);
    }
  });

  it("burns through the Linux burner's real xorriso commands onto libburn's stdio pseudo-drive", async () => {
    const drive = path.join(tempDir('tribute-stdio-drive-'), 'disc.img');
    const saved = readFileSync(helper.configFile, 'utf8');
    // The one difference from a computer with /dev/sr0: the drive's address in the helper's configuration.
    writeFileSync(helper.configFile, JSON.stringify({ ...JSON.parse(saved), burner: { kind: 'system', device: `stdio:${drive}` } }, null, 2));
    try {
      // A helper already running keeps the configuration it started with.
      await closeBurnWindows(chromium.browser);
      for (const pid of helperPids()) process.kill(pid, 'SIGTERM');
      const win = await openBurnWindow();
      await expectVerified(win, drive, 'the stdio drive');
      await burnShot(win, 'burn-window-stdio-drive');
      assert.ok(existsSync(drive));
    } finally {
      await closeBurnWindows(chromium.browser);
      for (const pid of helperPids()) process.kill(pid, 'SIGTERM');
      writeFileSync(helper.configFile, saved);
      rmSync(path.dirname(drive), { recursive: true, force: true });
    }
  });
});
