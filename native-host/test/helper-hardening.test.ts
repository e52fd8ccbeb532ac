/**
 * Issue 33's attacks on the helper's download folder, each against the real helper process (node --import tsx
 * native-host/src/main.ts, or the built one) over native messaging: another account's file planted under the
 * image's final name, a .part that is a symbolic link, a folder another account made first, an image changed
 * after its download, lock files naming pid 1 or a reused pid. Each is refused or ignored with a log line saying
 * so, and no disc is ever reported verified unless it holds the server's bytes. The tests run as root in CI, so
 * "another account" is nobody (uid 65534), made the owner with chown.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES, type BurnReply, type DownloadStatus } from '../../common/burn-protocol.ts';
import { processStartToken } from '../src/process-lock.ts';
import { HelperClient } from './helper-client.ts';
import { startIsoServer, type IsoServer } from './iso-server.ts';

const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NOBODY = 65534;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

interface Setup {
  dir: string;
  downloads: string;
  stateFile: string;
  disc: string;
  logFile: string;
  env: Record<string, string>;
}

function setup(server: string): Setup {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-harden-'));
  const downloads = path.join(dir, 'downloads');
  const stateFile = path.join(dir, 'virtual-burner.json');
  const disc = path.join(dir, 'disc.img');
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ servers: [server], downloadDir: downloads, burner: { kind: 'virtual', stateFile } }));
  fs.writeFileSync(stateFile, JSON.stringify({ present: true, media_type: 'DVD-R', blank: true, becoming_ready: false, busy: false, disc_file: disc, write_bytes_per_second: 50_000_000, corrupt_write: false, recorder_supported: true }));
  const logFile = path.join(dir, 'helper.log');
  return { dir, downloads, stateFile, disc, logFile, env: { TRIBUTE_BURNER_CONFIG: path.join(dir, 'config.json'), TRIBUTE_BURNER_LOG: logFile } };
}

async function pollUntilDone(helper: HelperClient, id: string): Promise<DownloadStatus> {
  for (let i = 0; i < 400; i += 1) {
    const status = (await helper.ask({ type: 'download_poll', download_id: id })) as DownloadStatus;
    assert.equal(status.type, 'download_status', JSON.stringify(status));
    if (status.state !== 'not_started' && status.state !== 'in_progress') return status;
    await sleep(25);
  }
  throw new Error('The download never finished');
}

describe('native helper: a private download folder (issue 33)', function () {
  this.timeout(30000);
  const iso = crypto.randomBytes(256 * 1024);
  const isoSha = sha256(iso);
  const filename = `dvd-abc123-${isoSha.slice(0, 16)}.iso`;
  let server: IsoServer;
  let s: Setup;
  let helper: HelperClient | null = null;

  before(async () => {
    server = await startIsoServer(iso);
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    s = setup(server.origin);
    server.requests.length = 0;
  });
  afterEach(async () => {
    if (helper) assert.deepEqual(helper.invalid, []);
    await helper?.close();
    helper = null;
    fs.rmSync(s.dir, { recursive: true, force: true });
  });

  const start = () => (helper = HelperClient.start(s.env));
  const logText = () => fs.readFileSync(s.logFile, 'utf8');
  const download = async (h: HelperClient) => {
    const started = await h.ask({ type: 'download_start', url: `${server.origin}/downloads/video/abc123/dvd.iso?ticket=secret-ticket`, sha256: isoSha, size: iso.length });
    assert.equal(started.type, 'download_started', JSON.stringify(started));
    return pollUntilDone(h, (started as { download_id: string }).download_id);
  };
  const burn = async (h: HelperClient): Promise<BurnReply> => {
    const frames = await h.request({ type: 'burn', filename, burner_index: 0 }, 15000);
    return frames[frames.length - 1].reply;
  };
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it('makes its folder 0700 and its files 0600, logs no download ticket, and keeps its log 0600', async () => {
    const h = start();
    const done = await download(h);
    assert.equal(done.state, 'complete');
    assert.equal(mode(s.downloads), 0o700);
    assert.equal(mode(path.join(s.downloads, filename)), 0o600);
    assert.equal(mode(s.logFile), 0o600);
    assert.doesNotMatch(logText(), /secret-ticket/);
    assert.match(logText(), /download start .*\/downloads\/video\/abc123\/dvd\.iso\?…/);
    assert.deepEqual(await burn(h), { type: 'burn_complete', sha256: isoSha });
  });

  it("ignores another account's file planted under the final name, downloads the real image and burns only that", async function () {
    if (!asRoot) this.skip();
    fs.mkdirSync(s.downloads, { mode: 0o700 });
    const planted = path.join(s.downloads, filename);
    fs.writeFileSync(planted, crypto.randomBytes(iso.length));
    fs.chownSync(planted, NOBODY, NOBODY);
    const h = start();
    const done = await download(h);
    assert.equal(done.state, 'complete');
    assert.match(logText(), new RegExp(`ignored ${planted.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: it belongs to another user \\(uid ${NOBODY}\\)`));
    assert.equal(server.requests.length, 1, 'the real image was downloaded');
    assert.equal(fs.statSync(planted).uid, 0);
    assert.deepEqual(await burn(h), { type: 'burn_complete', sha256: isoSha });
    assert.ok(fs.readFileSync(s.disc).equals(iso));
  });

  it('never takes a file of the right size as complete without its SHA-256, and re-checks it before every burn', async () => {
    fs.mkdirSync(s.downloads, { mode: 0o700 });
    const final = path.join(s.downloads, filename);
    fs.writeFileSync(final, crypto.randomBytes(iso.length), { mode: 0o600 });
    const h = start();
    assert.equal((await download(h)).state, 'complete');
    assert.match(logText(), /its SHA-256 [0-9a-f]{64} is not the server's/);
    assert.equal(server.requests.length, 1);
    // Swapped after the download: the burn hashes it again and refuses, and nothing reaches the disc.
    const swapped = crypto.randomBytes(iso.length);
    fs.writeFileSync(final, swapped);
    const reply = await burn(h);
    assert.equal(reply.type, 'error');
    assert.equal((reply as { code: number }).code, ERROR_CODES.downloadNotFound);
    assert.match((reply as { message: string }).message, /changed after it was downloaded, so it was not burned/);
    assert.match(logText(), /refused to burn .*its SHA-256 is/);
    assert.ok(!fs.existsSync(s.disc), 'nothing was written');
    assert.ok(!fs.existsSync(final), 'the changed file was removed');
    // A name this connection never downloaded is refused too.
    const other = await h.ask({ type: 'burn', filename: 'dvd-other-0000000000000000.iso', burner_index: 0 });
    assert.equal((other as { code: number }).code, ERROR_CODES.downloadNotFound);
  });

  it('removes a .part that is a symbolic link without writing through it', async () => {
    fs.mkdirSync(s.downloads, { mode: 0o700 });
    const target = path.join(s.dir, 'victim.txt');
    fs.writeFileSync(target, 'precious');
    fs.symlinkSync(target, path.join(s.downloads, `${filename}.part`));
    const h = start();
    assert.equal((await download(h)).state, 'complete');
    assert.equal(fs.readFileSync(target, 'utf8'), 'precious');
    assert.match(logText(), /ignored .*\.iso\.part: it is a symbolic link; removing it/);
    assert.ok(fs.readFileSync(path.join(s.downloads, filename)).equals(iso));
  });

  it('refuses a download folder another account made first, and burns nothing', async function () {
    if (!asRoot) this.skip();
    fs.mkdirSync(s.downloads, { mode: 0o777 });
    fs.chownSync(s.downloads, NOBODY, NOBODY);
    const h = start();
    const done = await download(h);
    assert.equal(done.state, 'error');
    assert.match(done.error ?? '', /belongs to another user \(uid 65534\), so the DVD burning tool will not use it/);
    assert.match(logText(), /refused the download folder: .*belongs to another user/);
    assert.equal(server.requests.length, 0);
    const reply = await burn(h);
    assert.equal(reply.type, 'error');
    assert.ok(!fs.existsSync(s.disc));
  });

  it('refuses a download folder that is a symbolic link', async () => {
    const real = path.join(s.dir, 'elsewhere');
    fs.mkdirSync(real, { mode: 0o700 });
    fs.symlinkSync(real, s.downloads);
    const h = start();
    const done = await download(h);
    assert.equal(done.state, 'error');
    assert.match(done.error ?? '', /is a symbolic link/);
    assert.deepEqual(fs.readdirSync(real), []);
  });

  it('ignores lock files naming pid 1 or a reused pid, with a log line, and still downloads and burns', async () => {
    fs.mkdirSync(s.downloads, { mode: 0o700 });
    fs.writeFileSync(path.join(s.downloads, `${filename}.lock`), '1', { mode: 0o600 });
    // pid 1 is alive, but it is not the process that wrote this record (its start time differs).
    fs.writeFileSync(path.join(s.downloads, 'burn.lock'), JSON.stringify({ pid: 1, start: 'another-boot:1', nonce: 'x' }), { mode: 0o600 });
    const h = start();
    assert.equal((await download(h)).state, 'complete');
    assert.deepEqual(await burn(h), { type: 'burn_complete', sha256: isoSha });
    const text = logText();
    assert.match(text, /ignored the lock .*\.iso\.lock: it is not a lock record of this helper/);
    if (processStartToken(1) !== null) assert.match(text, /ignored the lock .*burn\.lock: pid 1 is now another process/);
    // Released in the burn's finally, just after its final reply.
    for (let i = 0; i < 100 && fs.existsSync(path.join(s.downloads, 'burn.lock')); i += 1) await sleep(20);
    assert.ok(!fs.existsSync(path.join(s.downloads, 'burn.lock')), 'released after the burn');
  });

  it('lets only one of two helper processes racing for one image over a stale lock download it', async () => {
    fs.mkdirSync(s.downloads, { mode: 0o700 });
    // A lock left by a helper that crashed: its pid is free (4194303 is above Linux's default pid_max).
    fs.writeFileSync(path.join(s.downloads, `${filename}.lock`), JSON.stringify({ pid: 4194303, start: 'gone', nonce: 'old' }), { mode: 0o600 });
    server.rate = 400_000;
    const first = start();
    const second = HelperClient.start(s.env);
    try {
      await Promise.all([first.ask({ type: 'version' }, 20000), second.ask({ type: 'version' }, 20000)]);
      const request = { type: 'download_start', url: `${server.origin}/downloads/video/abc123/dvd.iso`, sha256: isoSha, size: iso.length } as const;
      const [a, b] = (await Promise.all([first.ask(request), second.ask(request)])) as { download_id: string }[];
      const [doneA, doneB] = await Promise.all([pollUntilDone(first, a.download_id), pollUntilDone(second, b.download_id)]);
      assert.deepEqual([doneA.state, doneB.state], ['complete', 'complete'], JSON.stringify([doneA, doneB]));
      assert.equal(server.requests.length, 1, 'one transfer: the other helper waited for its file');
      assert.ok(fs.readFileSync(path.join(s.downloads, filename)).equals(iso));
      assert.match(logText(), /ignored the lock .*\.iso\.lock: process 4194303 has ended; taking it over/);
      assert.deepEqual(fs.readdirSync(s.downloads), [filename], 'no lock or stale copy is left');
    } finally {
      server.rate = 0;
      await second.close();
    }
  });
});
