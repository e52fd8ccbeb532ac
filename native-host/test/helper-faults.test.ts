/**
 * Faults a staff member meets during a download (issue 29 section 5), against the real helper process: the helper
 * killed with SIGKILL half way (the browser crashed, or ended it) and the server restarted half way. Each time the
 * next download_start resumes the .part with Range instead of starting over, and the image is complete only with
 * the server's SHA-256.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DownloadStatus } from '../../common/burn-protocol.ts';
import { HelperClient } from './helper-client.ts';
import { startIsoServer, type IsoServer } from './iso-server.ts';

const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('native helper: a download survives the helper killed and the server restarted (issue 29.5)', function () {
  this.timeout(60000);
  const iso = crypto.randomBytes(600 * 1024);
  const isoSha = sha256(iso);
  const filename = `dvd-abc123-${isoSha.slice(0, 16)}.iso`;
  let dir: string;
  let downloads: string;
  let env: Record<string, string>;
  const helpers: HelperClient[] = [];
  const servers: IsoServer[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-faults-'));
    downloads = path.join(dir, 'downloads');
    env = { TRIBUTE_BURNER_CONFIG: path.join(dir, 'config.json'), TRIBUTE_BURNER_LOG: path.join(dir, 'helper.log') };
  });
  afterEach(async () => {
    for (const helper of helpers.splice(0)) if (helper.child.exitCode === null && helper.child.signalCode === null) await helper.close();
    for (const server of servers.splice(0)) await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const configure = (origin: string) => fs.writeFileSync(env.TRIBUTE_BURNER_CONFIG, JSON.stringify({ servers: [origin], downloadDir: downloads, burner: { kind: 'virtual', stateFile: path.join(dir, 'burner.json') } }));
  const start = () => {
    const helper = HelperClient.start(env);
    helpers.push(helper);
    return helper;
  };
  const begin = async (helper: HelperClient, origin: string) =>
    ((await helper.ask({ type: 'download_start', url: `${origin}/downloads/video/abc123/dvd.iso?ticket=t`, sha256: isoSha, size: iso.length }, 20000)) as { download_id: string }).download_id;
  const partSize = () => fs.statSync(path.join(downloads, `${filename}.part`), { throwIfNoEntry: false })?.size ?? 0;
  const waitForPart = async (bytes: number) => {
    for (let i = 0; i < 1000 && partSize() < bytes; i += 1) await sleep(20);
    assert.ok(partSize() >= bytes, `the .part reached ${bytes} bytes`);
  };
  const finish = async (helper: HelperClient, id: string): Promise<DownloadStatus> => {
    for (let i = 0; i < 1000; i += 1) {
      const status = (await helper.ask({ type: 'download_poll', download_id: id })) as DownloadStatus;
      if (status.state !== 'not_started' && status.state !== 'in_progress') return status;
      await sleep(25);
    }
    throw new Error('never finished');
  };
  const resumedAt = (server: IsoServer) => server.requests.map((request) => Number(/^bytes=(\d+)-$/.exec(request.range ?? '')?.[1] ?? 0));

  it('resumes the .part after the helper was killed with SIGKILL, and checks the SHA-256', async () => {
    const server = await startIsoServer(iso);
    servers.push(server);
    server.rate = 300_000;
    configure(server.origin);
    const first = start();
    await begin(first, server.origin);
    await waitForPart(100 * 1024);
    first.child.kill('SIGKILL');
    await first.exited;
    const kept = partSize();
    server.rate = 0;
    const second = start();
    const done = await finish(second, await begin(second, server.origin));
    assert.equal(done.state, 'complete', JSON.stringify(done));
    assert.equal(done.filename, filename);
    const ranges = resumedAt(server);
    assert.equal(ranges.length, 2);
    assert.ok(ranges[1] > 0 && ranges[1] <= kept, `resumed at ${ranges[1]} (the .part had ${kept} bytes), not from the start`);
    assert.ok(fs.readFileSync(path.join(downloads, filename)).equals(iso));
    assert.match(fs.readFileSync(env.TRIBUTE_BURNER_LOG, 'utf8'), /ignored the lock .*: process \d+ has ended; taking it over/);
  });

  it('resumes after the server restarted half way', async () => {
    const server = await startIsoServer(iso);
    server.rate = 300_000;
    configure(server.origin);
    const helper = start();
    const id = await begin(helper, server.origin);
    await waitForPart(100 * 1024);
    const port = Number(new URL(server.origin).port);
    await server.close();
    // Down for a moment (the helper's retry meets a refused connection), then up again on the same address.
    await sleep(300);
    const again = await startIsoServer(iso, 'abc123', port);
    servers.push(again);
    assert.equal(again.origin, server.origin);
    const done = await finish(helper, id);
    assert.equal(done.state, 'complete', JSON.stringify(done));
    assert.ok(resumedAt(again).every((at) => at > 0), `every request after the restart resumed: ${resumedAt(again).join(', ')}`);
    assert.ok(fs.readFileSync(path.join(downloads, filename)).equals(iso));
  });
});
