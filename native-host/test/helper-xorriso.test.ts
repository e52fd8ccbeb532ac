/**
 * The Linux burner's real commands, end to end through the helper process: its configuration names libburn's stdio
 * pseudo-drive (`stdio:FILE`) as the drive, and nothing else differs from a computer with /dev/sr0. burner_checks
 * runs `xorriso -outdev stdio:FILE -toc -list_profiles out`, burn runs `xorriso -as cdrecord dev=stdio:FILE -dao`,
 * and the verify reads the drive back. A write that fails (a target that cannot be written, a drive that goes away
 * half way) ends in burn_error at the burn stage, never in burn_complete.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BURNER_CODES, type BurnReply, type DownloadStatus, type ReplyFrame } from '../../common/burn-protocol.ts';
import { HelperClient } from './helper-client.ts';
import { startIsoServer, type IsoServer } from './iso-server.ts';

const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
type Check = Extract<BurnReply, { type: 'burner_checks' }>;

describe('native helper with xorriso on a stdio: pseudo-drive', function () {
  this.timeout(60_000);
  // 2 MiB: the drive that goes away below takes 512 KB first, so the write fails half way.
  const iso = crypto.randomBytes(2 * 1024 * 1024);
  let server: IsoServer;
  let dir: string;
  let downloads: string;
  let filename: string;
  const helpers: HelperClient[] = [];

  /** A helper whose configuration names `device` as its drive, as an installer's config.json would. */
  function helperFor(device: string): HelperClient {
    const name = `config-${helpers.length}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify({ servers: [server.origin], downloadDir: downloads, burner: { kind: 'system', device } }));
    const helper = HelperClient.start({ TRIBUTE_BURNER_CONFIG: path.join(dir, name), TRIBUTE_BURNER_LOG: path.join(dir, 'helper.log') });
    helpers.push(helper);
    return helper;
  }

  const check = async (helper: HelperClient) => (await helper.ask({ type: 'burner_checks' }, 25_000)) as Check;
  const replies = (frames: ReplyFrame[]) => frames.map((frame) => frame.reply);

  /**
   * The image the way it always comes: download_start from the server, checked against its SHA-256. A helper burns
   * only an image its own connection has downloaded (or found complete and hashed), so each helper asks for it.
   */
  async function fetchImage(helper: HelperClient): Promise<string> {
    const started = await helper.ask({ type: 'download_start', url: `${server.origin}/downloads/video/abc123/dvd.iso?ticket=t`, sha256: sha256(iso), size: iso.length });
    assert.equal(started.type, 'download_started', JSON.stringify(started));
    for (;;) {
      const status = (await helper.ask({ type: 'download_poll', download_id: (started as { download_id: string }).download_id })) as DownloadStatus;
      if (status.state === 'complete') return status.filename!;
      assert.ok(status.state === 'in_progress' || status.state === 'not_started', JSON.stringify(status));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-xorriso-'));
    downloads = path.join(dir, 'downloads');
    server = await startIsoServer(iso);
    filename = await fetchImage(helperFor(`stdio:${path.join(dir, 'unused.img')}`));
  });

  after(async () => {
    for (const helper of helpers) {
      assert.equal(await helper.close(), 0, `the helper ends cleanly; stderr: ${helper.stderr}`);
      assert.deepEqual(helper.invalid, [], 'every reply passes parseReplyFrame');
    }
    await server?.close();
    const immutable = path.join(dir, 'read-only.img');
    if (fs.existsSync(immutable) && process.getuid?.() === 0) execFileSync('chattr', ['-i', immutable]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks, burns with -dao, verifies by reading the drive back, then sees a written disc', async () => {
    const disc = path.join(dir, 'disc.img');
    const helper = helperFor(`stdio:${disc}`);
    assert.equal(await fetchImage(helper), filename, 'the downloaded image is found complete again');
    assert.deepEqual(await helper.ask({ type: 'version' }), { type: 'version', version: 7, protocol: 1, platform: 'linux-x64', burner: 'system' });
    const blank = await check(helper);
    assert.deepEqual(blank, { type: 'burner_checks', hr_hex: BURNER_CODES.ok, media_type: 'DVD-R', burner_index: 0, error_message: null, burning: false, own_port_id: false });

    const frames = replies(await helper.request({ type: 'burn', filename, burner_index: 0 }, 50_000));
    const last = frames[frames.length - 1];
    assert.deepEqual(last, { type: 'burn_complete', sha256: sha256(iso) }, JSON.stringify(frames));
    const stages = [...new Set(frames.flatMap((reply) => (reply.type === 'burn_progress' ? [reply.stage] : [])))];
    assert.deepEqual(stages.filter((stage) => stage !== 'writing'), ['initializing', 'loading', 'finalizing', 'verifying']);
    // What xorriso wrote: the image, then libburn's padding to whole 2 KB blocks and its run-out.
    const written = fs.readFileSync(disc);
    assert.ok(written.length >= iso.length);
    assert.ok(written.subarray(0, iso.length).equals(iso), 'the drive holds the image');
    assert.match(fs.readFileSync(path.join(dir, 'helper.log'), 'utf8'), /burn complete/);

    // libburn now reports the disc as written and closed: not blank any more.
    const used = await check(helper);
    assert.deepEqual([used.hr_hex, used.media_type, used.error_message], [BURNER_CODES.noBlankMedia, 'DVD-R', 'The disc in the burner is not blank. Please insert a blank DVD-R disc.']);
    const again = replies(await helper.request({ type: 'burn', filename, burner_index: 0 }, 25_000));
    assert.deepEqual(again[again.length - 1], { type: 'burn_error', stage: 'burn', message: 'The disc in the burner is not blank. Please insert a blank DVD-R disc.', hr_hex: BURNER_CODES.noBlankMedia });
  });

  it('ends a write to a target it cannot write in burn_error, never verified', async () => {
    const target = path.join(dir, 'read-only.img');
    fs.writeFileSync(target, '');
    // root writes through file modes; an immutable file refuses even root.
    if (process.getuid?.() === 0) execFileSync('chattr', ['+i', target]);
    else fs.chmodSync(target, 0o444);
    const helper = helperFor(`stdio:${target}`);
    await fetchImage(helper);
    assert.equal((await check(helper)).hr_hex, BURNER_CODES.ok, 'an empty file looks like a blank disc');
    const frames = replies(await helper.request({ type: 'burn', filename, burner_index: 0 }, 25_000));
    const last = frames[frames.length - 1];
    assert.equal(last.type, 'burn_error', JSON.stringify(frames));
    assert.deepEqual([(last as { stage: string }).stage, (last as { hr_hex: string }).hr_hex], ['burn', '0x0']);
    assert.match((last as { message: string }).message, /^Burning failed: Failed to open device \(a pseudo-drive\) : (Operation not permitted|Permission denied)$/);
    assert.ok(!frames.some((reply) => reply.type === 'burn_complete' || (reply.type === 'burn_progress' && reply.stage === 'verifying')), 'never verified');
    assert.equal(fs.statSync(target).size, 0);
  });

  it('ends a write whose drive goes away half way in burn_error, never verified', async () => {
    // A FIFO as the drive: a reader takes 512 KB and leaves, as a drive unplugged mid-write stops taking data.
    const fifo = path.join(dir, 'drive.fifo');
    execFileSync('mkfifo', [fifo]);
    const helper = helperFor(`stdio:${fifo}`);
    await fetchImage(helper);
    assert.deepEqual([(await check(helper)).hr_hex, (await check(helper)).media_type], [BURNER_CODES.ok, 'DVD-R']);
    const burn = helper.request({ type: 'burn', filename, burner_index: 0 }, 25_000);
    const reader = spawn('dd', [`if=${fifo}`, 'of=/dev/null', 'bs=64k', 'count=8', 'iflag=fullblock'], { stdio: 'ignore' });
    const taken = new Promise<number | null>((resolve) => reader.on('exit', resolve));
    const frames = replies(await burn);
    assert.equal(await taken, 0, 'the reader took its 512 KB');
    const last = frames[frames.length - 1];
    assert.equal(last.type, 'burn_error', JSON.stringify(frames));
    assert.equal((last as { stage: string }).stage, 'burn');
    assert.match((last as { message: string }).message, /^Burning failed: Cannot write desired amount of \d+ bytes\. write\(2\) returned -1\. : Broken pipe$/);
    assert.ok(frames.some((reply) => reply.type === 'burn_progress' && reply.stage === 'loading'), 'the write had begun');
    assert.ok(!frames.some((reply) => reply.type === 'burn_complete' || (reply.type === 'burn_progress' && reply.stage === 'verifying')), 'never verified');
  });
});
