/**
 * The faults a staff member meets while burning (issue 29 §4 and §5), written once and run in each browser with the
 * real extension, the helper installed by the per-user script and the product behind a proxy that can slow or drop
 * the disc image: the burn window closed during the download, the helper killed during it, the server restarted
 * during it (each resumes the kept .part, never starts over, and burns only bytes whose SHA-256 is the server's), the
 * disc taken out during the write (the burn error, never "verified"), Burn DVD for a second video while one burns (it
 * waits, "The burner is busy.", and the drive takes one burn), and a burn through the Linux burner's real xorriso
 * commands onto libburn's stdio pseudo-drive. burn-faults-chromium.test.ts and burn-faults-firefox.test.ts run it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { DISC_TAKEN_OUT } from '../../native-host/src/burners/virtual.ts';
import {
  burnShot,
  closeBurnWindows,
  isoOnServer,
  press,
  rowStatus,
  tempDir,
  waitForRow,
  waitForText,
  windowText,
  type ProxyRequest,
} from './burn-harness.ts';
import { BROWSER_NAMES, expectVerifiedDisc, openBurnWindow as openOn, useBurnSession, type BurnKind, type VerifiedDiscOptions } from './burn-session.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { watchConsole } from './harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The fault tests in one browser. */
export function burnFaultsSuite(kind: BurnKind, titles: { first: string; second: string }): void {
  describe(`Burn DVD in ${BROWSER_NAMES[kind]} when things go wrong`, function () {
    this.timeout(600_000);
    const s = useBurnSession(kind, { title: titles.first });
    let iso: { size: number; sha256: string };

    const openBurnWindow = (videoId = s.video.id, closeOthers = true): Promise<Page> => openOn(s, videoId, closeOthers);
    /** The four rows Completed and the disc's first bytes (a drive pads to whole blocks) equal to the server's ISO. */
    const expectVerified = async (win: Page, discFile: string, label: string): Promise<void> => {
      const options: VerifiedDiscOptions = { disc: discFile, padded: true };
      await expectVerifiedDisc(s.app, s.helper, win, s.video.id, `${BROWSER_NAMES[kind]}, ${label}`, options);
    };
    /** A picture of the window under test-output/ (Firefox's named apart, not over Chromium's). */
    const shot = (win: Page, name: string) => burnShot(win, kind === 'chromium' ? name : name.replace(/^burn-window-/, 'burn-window-firefox-'));

    /** The process ids of this test's helper (the executable the script installed into its temporary HOME). */
    function helperPids(): number[] {
      try {
        return execFileSync('pgrep', ['-f', s.helper.executable], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
      } catch {
        return [];
      }
    }

    /** The image's request that is under way, once `share` of the image has reached the helper. */
    async function downloadUnderWay(before: number, share: number): Promise<ProxyRequest> {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const first = s.app.proxy.isoRequests()[before];
        if (first && first.sent >= iso.size * share) return first;
        assert.ok(Date.now() < deadline, `the download never reached ${share * 100}%: ${JSON.stringify(s.app.proxy.isoRequests().slice(before))}`);
        await sleep(100);
      }
    }

    /**
     * The requests for the image since `before`: the first from the start, every later one a Range request from
     * where the kept .part ended (past the start, not past what was sent), never the whole image again.
     */
    function assertResumed(before: number, label: string): void {
      const requests = s.app.proxy.isoRequests().slice(before);
      assert.equal(requests[0]?.range, null, `${label}: the first request started the image`);
      const later = requests.slice(1);
      assert.ok(later.length > 0, `${label}: the image was asked for again (${JSON.stringify(requests)})`);
      for (const request of later) {
        const from = Number(/^bytes=(\d+)-$/.exec(request.range ?? '')?.[1] ?? -1);
        assert.ok(from > 0 && from <= requests[0].sent, `${label}: resumed from ${from} of ${requests[0].sent} sent, never from the start (${JSON.stringify(requests)})`);
      }
    }

    before(async () => {
      // The disc image is authored by itself after the HD file: the tests need its size before the first burn.
      const deadline = Date.now() + 240_000;
      for (;;) {
        const ready = await isoOnServer(s.app, s.video.id).catch(() => null);
        if (ready) {
          iso = ready;
          break;
        }
        assert.ok(Date.now() < deadline, 'the DVD image was made within 4 minutes of the HD file');
        await sleep(1000);
      }
    });

    it('resumes the kept .part when the burn window was closed during the download', async () => {
      s.helper.insertBlank('DVD-R');
      const before = s.app.proxy.isoRequests().length;
      // About eight seconds for the image: time to close the window with part of it kept.
      s.app.proxy.paceIso(Math.ceil(iso.size / 8));
      const win = await openBurnWindow();
      await downloadUnderWay(before, 0.25);
      await win.close();
      s.app.proxy.paceIso(null);
      const again = await openBurnWindow();
      const errors = watchConsole(again);
      await expectVerified(again, s.helper.discFile, 'after the window was closed');
      assertResumed(before, 'window closed');
      assert.deepEqual(errors, []);
    });

    it('resumes with Retry when the helper was killed during the download, and burns only the checked image', async () => {
      s.helper.insertBlank('DVD-R');
      const before = s.app.proxy.isoRequests().length;
      s.app.proxy.paceIso(Math.ceil(iso.size / 8));
      const win = await openBurnWindow();
      await downloadUnderWay(before, 0.25);
      const pids = helperPids();
      assert.ok(pids.length > 0, 'a helper is running');
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      // The window tells that the helper stopped answering and offers Retry (spec 3 section 4.4).
      await waitForText(win, /\bRetry\b/, 60_000);
      await shot(win, 'burn-window-helper-killed');
      assert.equal(s.helper.disc(), null, 'nothing was burned');
      s.app.proxy.paceIso(null);
      await press(win, 'Retry');
      await expectVerified(win, s.helper.discFile, 'after the helper was killed');
      assertResumed(before, 'helper killed');
      // The .part became the image (renamed only once its SHA-256 equals the server's; the disc equals the ISO above).
      assert.ok(!readdirSync(s.helper.downloadDir()).some((name) => name.endsWith('.part')), 'no .part left over');
    });

    it('resumes by itself when the server restarted during the download', async () => {
      s.helper.insertBlank('DVD-R');
      const before = s.app.proxy.isoRequests().length;
      s.app.proxy.paceIso(Math.ceil(iso.size / 8));
      const win = await openBurnWindow();
      const errors = watchConsole(win);
      await downloadUnderWay(before, 0.25);
      s.app.proxy.paceIso(null);
      await s.app.restart();
      await expectVerified(win, s.helper.discFile, 'after the server restarted');
      assertResumed(before, 'server restarted');
      // The window's own calls may fail while the server is down; nothing else may.
      assert.deepEqual(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION|ECONNREFUSED|502|503/.test(e)), []);
    });

    it('ends in the burn error, never "verified", when the disc is taken out during the write, and burns a new disc after', async () => {
      s.helper.insertBlank('DVD-R');
      // About ten seconds for the write: the disc leaves the drive part of the way.
      s.helper.setBurner({ write_bytes_per_second: Math.ceil(iso.size / 10) });
      try {
        const win = await openBurnWindow();
        await waitForRow(win, 'Burn', /\d+%|remaining/, 240_000);
        s.helper.setBurner({ present: true, media_type: 'none', blank: false });
        await waitForText(win, new RegExp(DISC_TAKEN_OUT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 30_000);
        await shot(win, 'burn-window-disc-taken-out');
        assert.equal(await win.$eval('[data-testid="burn-status-burn"]', (el) => el.getAttribute('data-error')), 'true', 'the Burn row shows the error');
        assert.doesNotMatch(await rowStatus(win, 'Verify'), /Completed/);
        const text = await windowText(win);
        assert.doesNotMatch(text, /burned and verified|Burn Another Copy/);
        // A burn error with the download complete offers Burn (spec 3 section 4.4): a new blank disc, then Burn.
        s.helper.setBurner({ write_bytes_per_second: 50_000_000 });
        s.helper.insertBlank('DVD-R');
        await press(win, 'Burn');
        await expectVerified(win, s.helper.discFile, 'the new disc');
      } finally {
        s.helper.setBurner({ write_bytes_per_second: 50_000_000 });
      }
    });

    it('lets Burn DVD for a second video wait while one burns: "The burner is busy.", and the drive takes one burn', async () => {
      const second = await makeFinishedVideo(s.app, s.page, titles.second);
      s.helper.insertBlank('DVD-R');
      // A drive this slow would take ten minutes: the first burn is surely still writing while the second window
      // downloads its image, however long that takes here. The drive speeds up once the second window said busy.
      s.helper.setBurner({ write_bytes_per_second: Math.ceil(iso.size / 600) });
      try {
        const first = await openBurnWindow();
        await waitForRow(first, 'Burn', /\d+%|remaining/, 240_000);
        const other = await openBurnWindow(second.id, false);
        await waitForRow(other, 'Download', /Completed/, 240_000);
        await waitForText(other, /The burner is busy\./, 30_000);
        await shot(other, 'burn-window-second-video-busy');
        assert.doesNotMatch(await rowStatus(other, 'Burn'), /\d+%|Completed/, 'the second burn did not start');
        assert.doesNotMatch(await rowStatus(first, 'Burn'), /Completed/, 'the first burn was still writing');
        s.helper.setBurner({ write_bytes_per_second: Math.ceil(iso.size / 5) });
        await expectVerified(first, s.helper.discFile, 'the first video');
        // The disc is written now: the second window waits for a blank one and never writes over the first.
        await waitForText(other, /The disc in the burner is not blank/, 30_000);
        assert.doesNotMatch(await rowStatus(other, 'Burn'), /\d+%|Completed/);
        await expectVerified(first, s.helper.discFile, 'the first video, still');
      } finally {
        s.helper.setBurner({ write_bytes_per_second: 50_000_000 });
        await closeBurnWindows(s.browser.browser);
      }
    });

    it("burns through the Linux burner's real xorriso commands onto libburn's stdio pseudo-drive", async () => {
      const drive = path.join(tempDir('tribute-stdio-drive-'), 'disc.img');
      const saved = readFileSync(s.helper.configFile, 'utf8');
      // The one difference from a computer with /dev/sr0: the drive's address in the helper's configuration.
      writeFileSync(s.helper.configFile, JSON.stringify({ ...JSON.parse(saved), burner: { kind: 'system', device: `stdio:${drive}` } }, null, 2));
      try {
        // A helper already running keeps the configuration it started with.
        await closeBurnWindows(s.browser.browser);
        for (const pid of helperPids()) process.kill(pid, 'SIGTERM');
        const win = await openBurnWindow();
        await expectVerified(win, drive, 'the stdio drive');
        await shot(win, 'burn-window-stdio-drive');
        assert.ok(existsSync(drive));
      } finally {
        await closeBurnWindows(s.browser.browser);
        for (const pid of helperPids()) process.kill(pid, 'SIGTERM');
        writeFileSync(s.helper.configFile, saved);
        rmSync(path.dirname(drive), { recursive: true, force: true });
      }
    });
  });
}
