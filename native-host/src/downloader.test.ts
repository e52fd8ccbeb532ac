import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowedIso, Downloader, isoName } from './downloader.ts';

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
});
