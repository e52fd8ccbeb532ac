/**
 * The helper end to end, as a browser talks to it: `node --import tsx native-host/src/main.ts` with a temporary
 * configuration, framed JSON over its stdin and stdout, a local download server and the virtual burner.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BURN_STAGES, BURNER_CODES, ERROR_CODES, MAX_REQUEST_BYTES, requestFrame, type BurnReply, type DownloadStatus, type ReplyFrame } from '../../common/burn-protocol.ts';
import { HelperClient } from './helper-client.ts';
import { startIsoServer, type IsoServer } from './iso-server.ts';

const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup {
  dir: string;
  downloads: string;
  stateFile: string;
  disc: string;
  env: Record<string, string>;
}

function setup(servers: string[]): Setup {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-test-'));
  const downloads = path.join(dir, 'downloads');
  const stateFile = path.join(dir, 'virtual-burner.json');
  const config = { servers, updateServer: servers[0], downloadDir: downloads, burner: { kind: 'virtual', stateFile } };
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
  return { dir, downloads, stateFile, disc: path.join(dir, 'disc.img'), env: { TRIBUTE_BURNER_CONFIG: path.join(dir, 'config.json'), TRIBUTE_BURNER_LOG: path.join(dir, 'helper.log') } };
}

function writeState(s: Setup, values: Record<string, unknown>): void {
  const state = { present: true, media_type: 'DVD-R', blank: true, becoming_ready: false, busy: false, disc_file: s.disc, write_bytes_per_second: 50_000_000, corrupt_write: false, recorder_supported: true, ...values };
  fs.writeFileSync(s.stateFile, JSON.stringify(state));
}

async function pollUntilDone(helper: HelperClient, id: string): Promise<DownloadStatus> {
  for (let i = 0; i < 200; i += 1) {
    const status = await helper.ask({ type: 'download_poll', download_id: id });
    assert.equal(status.type, 'download_status', JSON.stringify(status));
    const download = status as DownloadStatus;
    if (download.state !== 'not_started' && download.state !== 'in_progress') return download;
    await sleep(50);
  }
  throw new Error('The download never finished');
}

describe('native helper over native messaging', function () {
  this.timeout(20000);
  const iso = crypto.randomBytes(384 * 1024);
  const isoSha = sha256(iso);
  let server: IsoServer;
  let other: IsoServer;
  let s: Setup;
  let helper: HelperClient;

  before(async () => {
    server = await startIsoServer(iso);
    other = await startIsoServer(iso);
    s = setup([server.origin]);
    helper = HelperClient.start(s.env);
  });

  after(async () => {
    const code = await helper.close();
    assert.equal(code, 0, 'the helper ends cleanly when stdin closes');
    assert.deepEqual(helper.invalid, [], 'every reply passes parseReplyFrame');
    await server.close();
    await other.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  });

  const url = (origin = server.origin) => `${origin}/downloads/video/abc123/dvd.iso?ticket=t1.abc&alt=primary`;

  it('answers version with its version, protocol, platform and burner', async () => {
    const reply = await helper.ask({ type: 'version' });
    assert.deepEqual(reply, { type: 'version', version: 7, protocol: 1, platform: 'linux-x64', burner: 'virtual' });
  });

  it('answers malformed, unknown and oversize frames with typed errors and stays up', async () => {
    const before = helper.frames.length;
    helper.send('not a frame');
    const notJson = Buffer.from('{"channel": nope');
    const header = Buffer.alloc(4);
    header.writeUInt32LE(notJson.length);
    helper.writeRaw(Buffer.concat([header, notJson]));
    helper.send({ channel: 'tribute-burn', id: 7, request: { type: 'shred_disc' } });
    helper.send({ channel: 'tribute-burn', id: 8, request: { type: 'burn', filename: '../../etc/passwd', burner_index: 0 } });
    // An oversize frame, sent in pieces: refused, its bytes skipped, and the next frame still understood.
    const huge = Buffer.alloc(MAX_REQUEST_BYTES + 10, 0x20);
    const hugeHeader = Buffer.alloc(4);
    hugeHeader.writeUInt32LE(huge.length);
    helper.writeRaw(Buffer.concat([hugeHeader, huge.subarray(0, 1000)]));
    await sleep(20);
    helper.writeRaw(huge.subarray(1000));
    const version = await helper.ask({ type: 'version' });
    assert.equal(version.type, 'version');
    const errors = helper.frames.slice(before).filter((frame) => frame.reply.type === 'error');
    const codes = errors.map((frame) => [frame.id, (frame.reply as Extract<BurnReply, { type: 'error' }>).code]);
    assert.deepEqual(codes, [
      [0, ERROR_CODES.malformed],
      [0, ERROR_CODES.malformed],
      [7, ERROR_CODES.unknownType],
      [8, ERROR_CODES.malformed],
      [0, ERROR_CODES.tooLarge],
    ]);
    assert.equal(helper.child.exitCode, null);
  });

  it('refuses open_window, which is the extension\'s', async () => {
    const reply = await helper.ask({ type: 'open_window', video_id: 3, auto: true });
    assert.deepEqual([reply.type, (reply as { code: number }).code], ['error', ERROR_CODES.unknownType]);
  });

  it('refuses a server or a path its configuration does not allow', async () => {
    const elsewhere = await helper.ask({ type: 'download_start', url: url(other.origin), sha256: isoSha, size: iso.length });
    assert.equal(elsewhere.type, 'error');
    assert.equal((elsewhere as { code: number }).code, ERROR_CODES.notAllowed);
    assert.match((elsewhere as { message: string }).message, /may not download from/);
    const otherPath = await helper.ask({ type: 'download_start', url: `${server.origin}/downloads/video/abc123/hd.mp4`, sha256: isoSha, size: iso.length });
    assert.equal((otherPath as { code: number }).code, ERROR_CODES.notAllowed);
    assert.equal(other.requests.length, 0);
    assert.equal(server.requests.length, 0);
  });

  it('resumes a download cut half way with Range and completes with the right SHA-256', async () => {
    server.cutNext = 1;
    const started = await helper.ask({ type: 'download_start', url: url(), sha256: isoSha, size: iso.length });
    assert.equal(started.type, 'download_started');
    const done = await pollUntilDone(helper, (started as { download_id: string }).download_id);
    assert.equal(done.state, 'complete', JSON.stringify(done));
    assert.equal(done.received, iso.length);
    assert.equal(done.total, iso.length);
    assert.equal(done.filename, `dvd-abc123-${isoSha.slice(0, 16)}.iso`);
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[0].range, undefined);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(server.requests[1].range ?? '')?.[1]);
    assert.ok(resumedAt > 0 && resumedAt < iso.length, `resumed at ${resumedAt}`);
    assert.equal(server.requests[1]['if-range'], '"dvd-1-test"');
    assert.ok(sha256(fs.readFileSync(path.join(s.downloads, done.filename!))) === isoSha);
    assert.ok(!fs.existsSync(path.join(s.downloads, `${done.filename}.part`)));
  });

  it('completes at once when the same image was already downloaded', async () => {
    const requests = server.requests.length;
    const started = await helper.ask({ type: 'download_start', url: url(), sha256: isoSha, size: iso.length });
    const status = await helper.ask({ type: 'download_poll', download_id: (started as { download_id: string }).download_id });
    assert.equal((status as DownloadStatus).state, 'complete');
    assert.equal(server.requests.length, requests);
  });

  it('reports a SHA-256 mismatch as a download error and keeps no damaged file', async () => {
    const wrong = '0'.repeat(64);
    const started = await helper.ask({ type: 'download_start', url: url(), sha256: wrong, size: iso.length });
    const done = await pollUntilDone(helper, (started as { download_id: string }).download_id);
    assert.equal(done.state, 'error');
    assert.match(done.error ?? '', /SHA-256/);
    assert.equal(done.filename, null);
    assert.deepEqual(fs.readdirSync(s.downloads).filter((name) => name.includes('0000000000000000')), []);
  });

  it('cancels a download', async () => {
    server.rate = 100_000;
    try {
      const started = await helper.ask({ type: 'download_start', url: url(), sha256: 'a'.repeat(64), size: iso.length });
      const id = (started as { download_id: string }).download_id;
      await sleep(300);
      const poll = (await helper.ask({ type: 'download_poll', download_id: id })) as DownloadStatus;
      assert.equal(poll.state, 'in_progress');
      assert.ok(poll.received > 0 && poll.received < iso.length);
      assert.deepEqual(await helper.ask({ type: 'download_cancel', download_id: id }), { type: 'download_canceled', download_id: id });
      await sleep(200);
      const after = (await helper.ask({ type: 'download_poll', download_id: id })) as DownloadStatus;
      assert.equal(after.state, 'canceled');
      const unknown = await helper.ask({ type: 'download_poll', download_id: 'dl-nope' });
      assert.equal((unknown as { code: number }).code, ERROR_CODES.downloadNotFound);
    } finally {
      server.rate = 0;
    }
  });

  describe('virtual burner', () => {
    const check = async () => (await helper.ask({ type: 'burner_checks' })) as Extract<BurnReply, { type: 'burner_checks' }>;
    const filename = () => `dvd-abc123-${isoSha.slice(0, 16)}.iso`;

    it('reports every burner status of spec 4.5 from the state file', async () => {
      fs.rmSync(s.stateFile, { force: true });
      assert.equal((await check()).hr_hex, BURNER_CODES.noBurner);
      writeState(s, { present: false });
      assert.equal((await check()).hr_hex, BURNER_CODES.noBurner);
      writeState(s, { becoming_ready: true });
      assert.equal((await check()).hr_hex, BURNER_CODES.becomingReady);
      writeState(s, { media_type: 'none' });
      const none = await check();
      assert.deepEqual([none.hr_hex, none.media_type], [BURNER_CODES.noMedia, 'none']);
      assert.match(none.error_message ?? '', /No disc/);
      writeState(s, { blank: false });
      const used = await check();
      assert.equal(used.hr_hex, BURNER_CODES.noBlankMedia);
      assert.match(used.error_message ?? '', /not blank/);
      writeState(s, { recorder_supported: false });
      const cannot = await check();
      assert.deepEqual([cannot.hr_hex, cannot.error_message], [BURNER_CODES.recorderNotSupported, 'This drive cannot write DVDs. Please use a DVD burner.']);
      writeState(s, { busy: true });
      const busy = await check();
      assert.deepEqual([busy.burning, busy.own_port_id], [true, false]);
      writeState(s, { media_type: 'CD-R' });
      const cd = await check();
      assert.deepEqual([cd.hr_hex, cd.media_type, cd.error_message, cd.burning], [BURNER_CODES.ok, 'CD-R', null, false]);
      fs.writeFileSync(s.stateFile, '{ "present": tru');
      const broken = await helper.ask({ type: 'burner_checks' });
      assert.deepEqual([broken.type, (broken as { code: number }).code], ['error', ERROR_CODES.internal]);
      assert.match((broken as { message: string }).message, /state file .* is not JSON/);
      writeState(s, { media_type: 'floppy' });
      assert.match(((await helper.ask({ type: 'burner_checks' })) as { message: string }).message, /media_type must be one of/);
      writeState(s, {});
      assert.deepEqual(await check(), { type: 'burner_checks', hr_hex: '0x0', media_type: 'DVD-R', burner_index: 0, error_message: null, burning: false, own_port_id: false });
    });

    it('refuses a CD-R and a busy burner', async () => {
      writeState(s, { media_type: 'CD-R' });
      const frames = await helper.request({ type: 'burn', filename: filename(), burner_index: 0 });
      const last = frames[frames.length - 1].reply;
      assert.deepEqual(last, { type: 'burn_error', stage: 'burn', message: 'You are currently using a CD-R disc, which is not supported. Please use DVD-R disc.', hr_hex: '0x0' });
      assert.ok(!fs.existsSync(s.disc));
      writeState(s, { busy: true });
      const busy = await helper.ask({ type: 'burn', filename: filename(), burner_index: 0 });
      assert.equal((busy as { code: number }).code, ERROR_CODES.busy);
      const missing = await helper.ask({ type: 'burn', filename: 'dvd-nothing.iso', burner_index: 0 });
      assert.equal((missing as { code: number }).code, ERROR_CODES.downloadNotFound);
    });

    it('burns a DVD-R through every stage, refuses a second burn meanwhile, and the disc equals the image', async () => {
      writeState(s, { write_bytes_per_second: 400_000 });
      // Another connection (another helper process), started first so it is ready while the burn runs.
      const neighbour = HelperClient.start(s.env);
      await neighbour.ask({ type: 'version' });
      const burn = helper.request({ type: 'burn', filename: filename(), burner_index: 0 }, 15000);
      await helper.waitFor((frame) => frame.reply.type === 'burn_progress' && frame.reply.stage === 'writing');
      const during = await check();
      assert.deepEqual([during.burning, during.own_port_id], [true, true]);
      const second = await helper.ask({ type: 'burn', filename: filename(), burner_index: 0 });
      assert.equal((second as { code: number }).code, ERROR_CODES.busy);
      // The other connection sees the burn as someone else's.
      try {
        const seen = (await neighbour.ask({ type: 'burner_checks' })) as Extract<BurnReply, { type: 'burner_checks' }>;
        assert.deepEqual([seen.burning, seen.own_port_id], [true, false]);
      } finally {
        await neighbour.close();
      }
      const frames: ReplyFrame[] = await burn;
      const progress = frames.filter((frame) => frame.reply.type === 'burn_progress');
      assert.ok(progress.every((frame) => !frame.final));
      const stages = progress.map((frame) => (frame.reply as { stage: string }).stage).filter((stage, i, all) => stage !== all[i - 1]);
      assert.deepEqual(stages, [...BURN_STAGES]);
      const writing = progress.filter((frame) => (frame.reply as { stage: string }).stage === 'writing').map((frame) => (frame.reply as { percent: number }).percent);
      assert.ok(writing.length >= 3, `writing reported ${writing.length} times`);
      assert.deepEqual(writing, [...writing].sort((a, b) => a - b));
      assert.equal(writing[writing.length - 1], 100);
      const last = frames[frames.length - 1];
      assert.ok(last.final);
      assert.deepEqual(last.reply, { type: 'burn_complete', sha256: isoSha });
      assert.ok(fs.readFileSync(s.disc).equals(iso));
      assert.equal(JSON.parse(fs.readFileSync(s.stateFile, 'utf8')).blank, false);
      assert.equal((await check()).hr_hex, BURNER_CODES.noBlankMedia);
    });

    it('reports a disc that fails verification as burn_error at stage verify, never complete', async () => {
      writeState(s, { media_type: 'DVD+R', corrupt_write: true });
      const frames = await helper.request({ type: 'burn', filename: filename(), burner_index: 0 });
      const last = frames[frames.length - 1].reply;
      assert.equal(last.type, 'burn_error');
      assert.equal((last as { stage: string }).stage, 'verify');
      assert.match((last as { message: string }).message, /Verification failed/);
      assert.ok(!frames.some((frame) => frame.reply.type === 'burn_complete'));
      assert.ok(!fs.readFileSync(s.disc).equals(iso));
    });
  });

  it('answers update_start under tsx with update_error: only a built helper replaces itself', async function () {
    if (HelperClient.builtExecutable) this.skip(); // a built helper does update (src/updater.test.ts, the e2e tests)
    const frames = await helper.request({ type: 'update_start' });
    const last = frames[frames.length - 1].reply;
    assert.equal(last.type, 'update_error');
    assert.match((last as { message: string }).message, /cannot update itself/);
    assert.equal(helper.child.exitCode, null);
  });
});

describe('two helper processes downloading the same image', () => {
  it('download it once: the second waits for the first one\'s file', async function () {
    this.timeout(20000);
    const iso = crypto.randomBytes(200 * 1024);
    const server = await startIsoServer(iso);
    server.rate = 200_000;
    const s = setup([server.origin]);
    const first = HelperClient.start(s.env);
    const second = HelperClient.start(s.env);
    try {
      const request = { type: 'download_start', url: `${server.origin}/downloads/video/abc123/dvd.iso`, sha256: sha256(iso), size: iso.length } as const;
      const a = (await first.ask(request)) as { download_id: string };
      await sleep(200);
      const b = (await second.ask(request)) as { download_id: string };
      const [doneA, doneB] = await Promise.all([pollUntilDone(first, a.download_id), pollUntilDone(second, b.download_id)]);
      assert.deepEqual([doneA.state, doneB.state], ['complete', 'complete']);
      assert.equal(doneA.filename, doneB.filename);
      assert.equal(server.requests.length, 1, 'one transfer for both');
      assert.ok(fs.readFileSync(path.join(s.downloads, doneA.filename!)).equals(iso));
      assert.deepEqual(fs.readdirSync(s.downloads), [doneA.filename]);
    } finally {
      await first.close();
      await second.close();
      await server.close();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });
});

describe('native helper ended by the browser during a burn', () => {
  it('finishes the burn before it exits (SIGTERM, stdin closed)', async function () {
    this.timeout(20000);
    const iso = crypto.randomBytes(256 * 1024);
    const server = await startIsoServer(iso);
    const s = setup([server.origin]);
    writeState(s, { write_bytes_per_second: 300_000 });
    const helper = HelperClient.start(s.env);
    try {
      // Only an image this connection downloaded and checked may be burned.
      const started = (await helper.ask({ type: 'download_start', url: `${server.origin}/downloads/video/abc123/dvd.iso`, sha256: sha256(iso), size: iso.length })) as { download_id: string };
      const done = await pollUntilDone(helper, started.download_id);
      helper.send(requestFrame(1, { type: 'burn', filename: done.filename!, burner_index: 0 }));
      await helper.waitFor((frame) => frame.reply.type === 'burn_progress' && frame.reply.stage === 'writing');
      helper.child.kill('SIGTERM');
      helper.child.stdin.end();
      assert.equal(await helper.exited, 0);
      assert.ok(fs.readFileSync(s.disc).equals(iso), 'the whole image was written');
      assert.ok(!fs.existsSync(path.join(s.downloads, 'burn.lock')), 'the burn lock was released');
    } finally {
      await server.close();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });
});

describe('native helper without a configuration', () => {
  it('still answers version, and says what is wrong on anything else', async () => {
    const helper = HelperClient.start({ TRIBUTE_BURNER_CONFIG: path.join(os.tmpdir(), 'no-such-helper-config.json'), TRIBUTE_BURNER_LOG: path.join(os.tmpdir(), 'helper-noconfig.log') });
    try {
      const version = await helper.ask({ type: 'version' });
      assert.equal(version.type, 'version');
      assert.equal((version as { burner: string }).burner, 'system');
      helper.send(requestFrame(5, { type: 'burner_checks' }));
      const reply = (await helper.waitFor((frame) => frame.id === 5)).reply;
      assert.equal(reply.type, 'error');
      assert.match((reply as { message: string }).message, /no configuration/);
    } finally {
      assert.equal(await helper.close(), 0);
    }
  });
});
