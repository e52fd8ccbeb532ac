/**
 * One-click DVD burning end to end (issue 12), written once and run in each browser (issue 32): the helper installed
 * by the per-user script into a temporary HOME, the extension as a user has it (Chromium: the unpacked Chrome build;
 * firefox-esr: the .xpi the server offers, over WebDriver BiDi), the virtual burner, the product behind a proxy that
 * can drop a download half way. Every burn ends with the virtual disc's bytes compared with the server's ISO file.
 * burn-chromium.test.ts and burn-firefox.test.ts each run this suite for their browser.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import { FIREFOX_EXTENSION_ID, NATIVE_HOST_NAME } from '../../common/burn-protocol.ts';
import { lintFirefoxBuild } from '../../extension/lint.ts';
import {
  askExtensionVersion,
  assertRowsWentThrough,
  builtChromeExtensionId,
  burnShot,
  cachedBurnerBuild,
  closeBurnWindows,
  finalizeOnOrderPage,
  helperFile,
  helperVersion,
  hostManifest,
  installHelper,
  isoOnServer,
  press,
  recordRows,
  rowStatus,
  serveBuild,
  startForeignPage,
  waitForBurnWindow,
  waitForRow,
  waitForText,
  windowText,
  type VirtualBurnerState,
} from './burn-harness.ts';
import { BROWSER_NAMES, expectVerifiedDisc as expectVerifiedOn, openBurnWindow as openOn, useBurnSession, type BurnKind } from './burn-session.ts';
import { watchConsole } from './harness.ts';

const sha256Of = (file: string) => import('node:crypto').then(({ createHash }) => createHash('sha256').update(readFileSync(file)).digest('hex'));

/** The Burn DVD flow's tests in one browser. */
export function burnFlowSuite(kind: BurnKind, title: string): void {
  describe(`Burn DVD in ${BROWSER_NAMES[kind]}: extension, native helper, virtual burner`, function () {
    this.timeout(600_000);
    // A second download server: the same product under another name (an origin the helper was not installed for).
    const s = useBurnSession(kind, { title, env: (port) => ({ DOWNLOAD_ALTERNATES: `mirror=http://localhost:${port}` }) });
    let oldBuild: string;

    /** A picture of the window under test-output/ (Firefox's named apart, not over Chromium's). */
    const shot = (win: Page, name: string, settleMs?: number) => burnShot(win, kind === 'chromium' ? name : name.replace(/^burn-window-/, 'burn-window-firefox-'), settleMs);
    const openBurnWindow = (videoId = s.video.id): Promise<Page> => openOn(s, videoId);
    /** The four rows Completed and the disc equal to the server's ISO, byte for byte. */
    const expectVerifiedDisc = (win: Page, label: string, videoId = s.video.id) => expectVerifiedOn(s.app, s.helper, win, videoId, `${BROWSER_NAMES[kind]}, ${label}`);

    before(async () => {
      // The version 6 helper the update tests start from (no extensions: only its helper is installed).
      oldBuild = await cachedBurnerBuild({ publicUrl: s.app.url, helperVersion: 6, extensions: false });
    });

    it('installs the helper for this user with host manifests naming it and the extension', async () => {
      const manifest = hostManifest(s.helper.home, 'chromium');
      assert.equal(manifest.name, NATIVE_HOST_NAME);
      assert.equal(manifest.path, s.helper.executable);
      assert.deepEqual(manifest.allowed_origins, [`chrome-extension://${builtChromeExtensionId(s.build)}/`]);
      // Firefox's too, whichever browser runs: the script installs for both.
      const firefox = hostManifest(s.helper.home, 'firefox');
      assert.equal(firefox.name, NATIVE_HOST_NAME);
      assert.equal(firefox.path, s.helper.executable);
      assert.deepEqual(firefox.allowed_extensions, [FIREFOX_EXTENSION_ID]);
      assert.ok(existsSync(s.helper.executable));
      assert.equal(await helperVersion(s.helper.executable), 7);
      const config = JSON.parse(readFileSync(s.helper.configFile, 'utf8')) as { servers: string[]; burner: { kind: string } };
      // This server and its download mirror (DOWNLOAD_ALTERNATES), which the served script carries.
      assert.deepEqual(config.servers, [s.app.url, s.app.url.replace('127.0.0.1', 'localhost')]);
      assert.equal(config.burner.kind, 'virtual');
    });

    it('burns a finished video from its details page: Finalize, Download, Burn, Verify, then Burn Another Copy', async () => {
      s.helper.insertBlank('DVD-R');
      // Slow enough that the burn and verify bars are seen moving (the image is ~10 MB).
      s.helper.setBurner({ write_bytes_per_second: 1_000_000 });
      const win = await openBurnWindow();
      const errors = watchConsole(win);
      await waitForText(win, /Finalize/);
      await recordRows(win);
      await shot(win, 'burn-window-start');
      // Pictures of the passing states when they are caught; the notes of the window say whether they happened.
      await waitForRow(win, 'Burn', /\d+%|remaining/, 240_000).then(() => shot(win, 'burn-window-burning'), () => undefined);
      // The virtual disc reads back at once: the Verify row's progress is seldom caught from outside.
      await waitForRow(win, 'Verify', /Verifying|\d+%|remaining/, 10_000).then(
        () => shot(win, 'burn-window-verifying', 0),
        () => undefined,
      );
      await expectVerifiedDisc(win, 'first copy');
      await assertRowsWentThrough(win, 'first copy');
      await shot(win, 'burn-window-completed');
      const text = await windowText(win);
      assert.match(text, /Burn Another Copy/);
      assert.match(text, /Close/);
      assert.doesNotMatch(text, /\bRetry\b/);

      // A second blank disc: the burn and verify rows start over, the download is not repeated.
      const isoRequestsBefore = s.app.proxy.isoRequests().length;
      s.helper.insertBlank('DVD-R');
      await recordRows(win);
      await press(win, 'Burn Another Copy');
      await waitForRow(win, 'Burn', /^(?![\s\S]*Completed)/, 10_000);
      await expectVerifiedDisc(win, 'second copy');
      await assertRowsWentThrough(win, 'second copy');
      assert.equal(s.app.proxy.isoRequests().length, isoRequestsBefore, 'Burn Another Copy burns the downloaded image again');
      s.helper.setBurner({ write_bytes_per_second: 8_000_000 });
      assert.deepEqual(errors, []);
    });

    it('resumes the download when the server drops the connection half way', async () => {
      s.helper.insertBlank('DVD-R');
      const half = Math.floor((await isoOnServer(s.app, s.video.id)).size / 2);
      const before = s.app.proxy.isoRequests().length;
      s.app.proxy.cutNextIso(half);
      const win = await openBurnWindow();
      await expectVerifiedDisc(win, 'after a dropped download');
      const requests = s.app.proxy.isoRequests().slice(before);
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
      s.helper.insertBlank('DVD-R');
      const before = s.app.proxy.isoRequests().length;
      // The primary server does not answer: the download waits with Download Settings offered.
      s.app.proxy.holdPrimaryIso(true);
      try {
        const win = await openBurnWindow();
        await win.locator('button::-p-text(Download Settings)').click();
        await win.locator('[role="dialog"] label ::-p-text(Mirror)').click();
        await shot(win, 'burn-window-download-settings');
        await win.locator('[role="dialog"] button::-p-text(Restart Download)').click();
        // Fails at once with the window's words when the mirror's download is refused, rather than at the time limit.
        await waitForRow(win, 'Download', /Completed|^(?!Estimating)[\s\S]*(may not|fail|error|refused)/i, 120_000);
        const download = await rowStatus(win, 'Download');
        assert.match(download, /Completed/, `the download from the mirror: ${await win.$eval('[data-testid="burn-status-download"]', (el) => el.getAttribute('title') ?? el.textContent)}`);
        await expectVerifiedDisc(win, 'from the mirror');
        const mirrored = s.app.proxy.isoRequests().slice(before).filter((r) => /[?&]alt=mirror/.test(r.path));
        assert.ok(mirrored.length > 0 && mirrored.every((r) => r.status === 200 || r.status === 206), `the image came from the mirror: ${JSON.stringify(mirrored)}`);
      } finally {
        s.app.proxy.holdPrimaryIso(false);
      }
    });

    it("waits for a disc: 'No media' from the helper, then burns once one is inserted", async () => {
      rmSync(s.helper.discFile, { force: true });
      s.helper.setBurner({ present: true, media_type: 'none', blank: false });
      const win = await openBurnWindow();
      await waitForRow(win, 'Download', /Completed/, 240_000);
      // The helper's own words for an empty drive (spec 3 section 8).
      const text = await waitForText(win, /No disc in the burner|no media/i, 30_000);
      await shot(win, 'burn-window-no-media');
      assert.equal(s.helper.disc(), null, 'nothing was written');
      assert.doesNotMatch(await rowStatus(win, 'Burn'), /Completed/, text);
      s.helper.insertBlank('DVD-R');
      await expectVerifiedDisc(win, 'after inserting a disc');
    });

    it('waits through every burner status of spec 3 section 4.5, then burns when the drive is ready', async () => {
      rmSync(s.helper.discFile, { force: true });
      s.helper.setBurner({ present: false });
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
        s.helper.setBurner(state);
        await waitForText(win, text, 15_000);
        await shot(win, `burn-window-status-${name}`);
        assert.equal(s.helper.disc(), null, `nothing is written while ${name}`);
      }
      s.helper.setBurner({ busy: false });
      await expectVerifiedDisc(win, 'once the drive is ready');
    });

    it('reports a disc that fails verification and never calls it done', async () => {
      s.helper.insertBlank('DVD-R');
      s.helper.setBurner({ corrupt_write: true });
      try {
        const win = await openBurnWindow();
        await waitForRow(win, 'Burn', /Completed/, 240_000);
        const verify = await waitForRow(win, 'Verify', /\S/, 60_000).then(() => new Promise((r) => setTimeout(r, 3000))).then(() => rowStatus(win, 'Verify'));
        await shot(win, 'burn-window-verify-failed');
        assert.doesNotMatch(verify, /Completed/, 'the verify row is not Completed');
        assert.equal(await win.$eval('[data-testid="burn-status-verify"]', (el) => el.getAttribute('data-error')), 'true', `the verify row shows an error: ${verify}`);
        const text = await windowText(win);
        assert.doesNotMatch(text, /burned and verified/);
        assert.doesNotMatch(text, /Burn Another Copy/, 'a failed verify offers Close, not another copy (spec 3 section 4.4)');
        assert.match(text, /Close/);
        const disc = s.helper.disc();
        assert.ok(disc && disc.sha256 !== (await isoOnServer(s.app, s.video.id)).sha256, 'the disc really differs');
      } finally {
        s.helper.setBurner({ corrupt_write: false });
      }
    });

    it('burns a DVD+R with the advisory to use DVD-R', async () => {
      s.helper.insertBlank('DVD+R');
      const win = await openBurnWindow();
      await waitForText(win, /For best results, use DVD-R discs \(you are currently using DVD\+R\)\./, 240_000);
      await shot(win, 'burn-window-dvd-plus-r');
      await expectVerifiedDisc(win, 'DVD+R');
    });

    it('refuses a CD-R with the message of the spec and burns nothing on it', async () => {
      s.helper.insertBlank('CD-R');
      const win = await openBurnWindow();
      await waitForRow(win, 'Download', /Completed/, 240_000);
      await waitForText(win, /You are currently using a CD-R disc, which is not supported\. Please use DVD-R disc\./, 30_000);
      await shot(win, 'burn-window-cd-r');
      // Two burner re-checks later, still refused.
      await new Promise((r) => setTimeout(r, 4500));
      assert.equal(s.helper.disc(), null, 'the CD-R was not written');
      assert.match(await windowText(win), /You are currently using a CD-R disc/);
      assert.doesNotMatch(await rowStatus(win, 'Burn'), /Completed|\d+%/);
      // A DVD-R instead: the re-check finds it and the burn goes on.
      s.helper.insertBlank('DVD-R');
      await expectVerifiedDisc(win, 'the DVD-R put in instead');
    });

    it('does not answer a page of another origin, and answers the product’s own pages', async () => {
      const foreign = await startForeignPage();
      const other = await s.browser.browser.newPage();
      try {
        await other.goto(foreign.url, { waitUntil: 'load' });
        assert.deepEqual(await askExtensionVersion(other), [], 'no reply reaches another site');
        // The same product on another name (localhost is another origin than 127.0.0.1) is refused too.
        await other.goto(s.app.url.replace('127.0.0.1', 'localhost') + '/users/login', { waitUntil: 'load' });
        assert.deepEqual(await askExtensionVersion(other), [], 'no reply reaches the product under another origin');
        await other.goto(`${s.app.url}/users/login`, { waitUntil: 'load' });
        const replies = (await askExtensionVersion(other)) as { reply: { type: string; browser: string; native: { version: number } | null } }[];
        assert.ok(replies.length > 0, 'the product’s own origin is answered');
        assert.equal(replies[0].reply.type, 'extension_version');
        assert.equal(replies[0].reply.browser, kind === 'chromium' ? 'chrome' : 'firefox');
        assert.equal(replies[0].reply.native?.version, 7);
      } finally {
        await other.close();
        await foreign.close();
      }
    });

    // The Chrome build has no such linter: the store checks it when it is uploaded.
    if (kind === 'firefox') {
      it('passes web-ext lint on the .xpi the server offers', async () => {
        const dir = path.join(s.helper.home, 'xpi-unpacked');
        mkdirSync(dir, { recursive: true });
        await promisify(execFile)('unzip', ['-q', '-o', s.xpi!, '-d', dir]);
        const lint = await lintFirefoxBuild(dir);
        assert.deepEqual(lint.errors, [], 'web-ext lint errors');
        assert.deepEqual(lint.warnings, [], 'web-ext lint warnings');
      });
    }

    describe('helper auto-update', () => {
      /** Installs the version 6 helper with the script (the server serving that build), then serves `next`. */
      async function installOld(next: () => Promise<void>): Promise<string> {
        await closeBurnWindows(s.browser.browser);
        await s.page.goto('about:blank');
        await serveBuild(s.app, oldBuild);
        await installHelper(s.app, s.helper.home);
        assert.equal(await helperVersion(s.helper.executable), 6, 'the old helper is installed');
        await next();
        return s.helper.executableSha256();
      }

      after(async () => {
        // The current helper back for the tests that follow.
        await serveBuild(s.app, s.build);
        await installHelper(s.app, s.helper.home);
      });

      it('updates an older helper (6) to the server’s (7) and then burns', async () => {
        await installOld(() => serveBuild(s.app, s.build));
        s.helper.insertBlank('DVD-R');
        const win = await openBurnWindow();
        await waitForText(win, /Updating native components\.\.\./, 60_000).then(
          () => shot(win, 'burn-window-updating'),
          () => undefined, // the update may be over before the first look
        );
        await expectVerifiedDisc(win, 'after the update');
        assert.equal(await helperVersion(s.helper.executable), 7, 'the installed helper is now version 7');
        assert.equal(s.helper.executableSha256(), await sha256Of(helperFile(s.build)), 'it is the published build, byte for byte');
      });

      // The helper's own reason reaches the window's message area (spec 3 section 4.6: update_error keeps its message).
      for (const [tamper, what, reason] of [
        ['signature', 'a manifest whose signature does not verify', /signature is not valid/],
        ['rogue-key', 'a build signed with another key', /signature is not valid/],
        ['bytes', 'a helper whose bytes differ from its signed manifest', /does not match its signed SHA-256/],
        ['older', 'a build that is not newer than the installed helper', /version 6 is not newer than this helper's version 6/],
      ] as const) {
        it(`refuses ${what}: the window shows the failure and the old helper stays`, async () => {
          const installed = await installOld(() => (tamper === 'older' ? serveBuild(s.app, oldBuild) : serveBuild(s.app, s.build, tamper)));
          s.helper.insertBlank('DVD-R');
          const win = await openBurnWindow();
          const text = await waitForText(win, reason, 90_000);
          assert.match(text, /Error/, 'the row says Error');
          assert.match(text, /Retry/, 'Retry is offered');
          await shot(win, `burn-window-update-refused-${tamper}`);
          assert.doesNotMatch(text, /Completed[\s\S]*Completed[\s\S]*Completed[\s\S]*Completed/);
          // Give a wrongly accepted update time to land before looking.
          await new Promise((r) => setTimeout(r, 3000));
          assert.equal(s.helper.executableSha256(), installed, 'the installed helper is unchanged');
          assert.equal(await helperVersion(s.helper.executable), 6);
          assert.equal(s.helper.disc(), null, 'nothing was burned with a helper too old');
        });
      }
    });

    it('opens the window and burns by itself after finalizing on the order page with auto-burn ticked', async () => {
      s.helper.insertBlank('DVD-R');
      await closeBurnWindows(s.browser.browser);
      const fresh = await finalizeOnOrderPage(s.app, s.page, 'Dorothy "Dot" Keane');
      const win = await waitForBurnWindow(s.browser.browser, fresh.id, 60_000);
      await win.setViewport({ width: 700, height: 440 });
      // The window says so once it has read its own address (?auto=1); the target's url can lag behind the page's.
      await win.waitForSelector('[data-testid="burn-auto"]', { timeout: 20_000 });
      assert.match(String(await win.evaluate('location.search')), /[?&]auto=1/, 'the window was opened for auto-burn');
      await waitForText(win, /Finalize/);
      await shot(win, 'burn-window-auto-finalizing');
      await expectVerifiedDisc(win, 'auto-burn', fresh.id);
      await shot(win, 'burn-window-auto-completed');
    });
  });
}
