import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { allowedIso, DEFAULT_DOWNLOADER_OPTIONS, Downloader, isoName } from './downloader.ts';
import { processStartToken } from './process-lock.ts';

describe('downloader', () => {
  it('allows only the configured servers and the disc image path', () => {
    const servers = ['https://tribute.example', 'http://127.0.0.1:8080'];
    assert.deepEqual(allowedIso('https://tribute.example/downloads/video/1f2e3d/dvd.iso?ticket=x&alt=eu', servers), { ok: true, filename: '1f2e3d' });
    assert.deepEqual(allowedIso('http://127.0.0.1:8080/downloads/video/abc/dvd.iso', servers), { ok: true, filename: 'abc' });
    for (const url of [
      'https://evil.example/downloads/video/abc/dvd.iso',
      'http://tribute.example/downloads/video/abc/dvd.iso',
      'https://tribute.example:444/downloads/video/abc/dvd.iso',
      'https://user:pw@tribute.example/downloads/video/abc/dvd.iso',
      'https://tribute.example/downloads/video/abc/hd.mp4',
      'https://tribute.example/downloads/video/a%2F..%2Fb/dvd.iso',
      'https://tribute.example/downloads/video/abc/../../etc/dvd.iso',
      'not a url',
    ]) {
      assert.equal(allowedIso(url, servers).ok, false, url);
    }
    assert.equal(isoName('abc', 'f'.repeat(64)), 'dvd-abc-ffffffffffffffff.iso');
  });

  it('waits out a server that restarts: its pauses stop growing at maxBackoffMs, and the default waits most of a minute', async () => {
    const hits: number[] = [];
    const server = http.createServer((_request, response) => {
      hits.push(Date.now());
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-retry-cap-'));
    try {
      const downloader = new Downloader([origin], dir, { retries: 6, backoffMs: 40, maxBackoffMs: 100, stallMs: 5000, lockWaitMs: 5000 });
      const started = downloader.start(`${origin}/downloads/video/abc/dvd.iso`, 'a'.repeat(64), 1000);
      assert.ok(started.ok);
      while (['not_started', 'in_progress'].includes(downloader.status(started.download_id)!.state)) await new Promise((resolve) => setTimeout(resolve, 10));
      const pauses = hits.slice(1).map((at, i) => at - hits[i]);
      assert.equal(pauses.length, 6);
      // Doubling on it would wait 160, 320, 640 and 1280 ms after the first two; capped, each waits 100 (a loaded
      // machine adds some to any of them).
      assert.ok(pauses.slice(2).every((pause) => pause >= 95), `never under the cap: ${pauses.join(', ')}`);
      assert.ok(pauses[4] + pauses[5] < 1000, `capped at 100 ms, not doubling: ${pauses.join(', ')}`);
      const { retries, backoffMs, maxBackoffMs } = DEFAULT_DOWNLOADER_OPTIONS;
      const waited = Array.from({ length: retries }, (_, i) => Math.min(maxBackoffMs, backoffMs * 2 ** i)).reduce((a, b) => a + b, 0);
      assert.ok(waited >= 45_000 && waited <= 90_000, `the default retries span ${waited} ms`);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('retries a failing server a few times with growing pauses, then reports the error; a missing file at once', async () => {
    const hits: number[] = [];
    const server = http.createServer((request, response) => {
      hits.push(Date.now());
      response.writeHead(request.url?.includes('/gone/') ? 404 : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-retry-'));
    try {
      const downloader = new Downloader([origin], dir, { retries: 3, backoffMs: 40, maxBackoffMs: 1000, stallMs: 5000, lockWaitMs: 5000 });
      const waitDone = async (id: string) => {
        for (;;) {
          const status = downloader.status(id)!;
          if (status.state !== 'not_started' && status.state !== 'in_progress') return status;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const failing = downloader.start(`${origin}/downloads/video/abc/dvd.iso`, 'a'.repeat(64), 1000);
      assert.ok(failing.ok);
      const status = await waitDone(failing.download_id);
      assert.equal(status.state, 'error');
      assert.equal(status.error, 'The download failed: the server answered 503 Service Unavailable');
      assert.equal(hits.length, 4, 'the first try and three retries');
      const pauses = hits.slice(1).map((at, i) => at - hits[i]);
      assert.ok(pauses[0] >= 35 && pauses[1] >= 75 && pauses[2] >= 155, `pauses double: ${pauses.join(', ')}`);
      hits.length = 0;
      const gone = downloader.start(`${origin}/downloads/video/gone/dvd.iso`, 'b'.repeat(64), 1000);
      assert.ok(gone.ok);
      assert.equal((await waitDone(gone.download_id)).error, 'The download failed: the server answered 404 Not Found');
      assert.equal(hits.length, 1);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes disc images not touched for a week, and nothing else', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-prune-'));
    try {
      const old = Date.now() / 1000 - 8 * 24 * 3600;
      for (const name of ['dvd-a-0123.iso', 'dvd-b-0123.iso.part', 'dvd-c-0123.iso', 'burn.lock', 'notes.txt']) fs.writeFileSync(path.join(dir, name), 'x');
      for (const name of ['dvd-a-0123.iso', 'dvd-b-0123.iso.part', 'notes.txt']) fs.utimesSync(path.join(dir, name), old, old);
      const removed = await new Downloader([], dir).prune();
      assert.deepEqual(removed.sort(), ['dvd-a-0123.iso', 'dvd-b-0123.iso.part']);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['burn.lock', 'dvd-c-0123.iso', 'notes.txt']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('waits a bounded time for another live helper that holds the image and does not move, then says so', async function () {
    if (processStartToken(process.pid) === null) this.skip();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-lockwait-'));
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      const sha = 'c'.repeat(64);
      const name = isoName('abc', sha);
      fs.writeFileSync(path.join(dir, `${name}.lock`), JSON.stringify({ pid: holder.pid, start: processStartToken(holder.pid!), nonce: 'n' }), { mode: 0o600 });
      const downloader = new Downloader(['http://127.0.0.1:9'], dir, { retries: 0, backoffMs: 20, maxBackoffMs: 20, stallMs: 1000, lockWaitMs: 300 });
      const started = downloader.start('http://127.0.0.1:9/downloads/video/abc/dvd.iso', sha, 1000);
      assert.ok(started.ok);
      const began = Date.now();
      while (['not_started', 'in_progress'].includes(downloader.status(started.download_id)!.state)) await new Promise((resolve) => setTimeout(resolve, 20));
      const status = downloader.status(started.download_id)!;
      assert.equal(status.state, 'error');
      assert.equal(status.error, `Another burn window on this computer (helper process ${holder.pid}) is downloading this disc image and has not moved for 1 s. Close the other burn window, then press Retry.`);
      assert.ok(Date.now() - began < 3000);
    } finally {
      holder.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
