import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { storageRepository, type StorageRepository } from '../src/repositories/storage.repository.ts';
import { CACHE_KEEP_MS } from '../src/storage/storage-cache.ts';
import { parseStorageSettings } from '../src/storage/storage-settings.ts';
import { startS3, type TestS3 } from './s3-server.ts';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

const rejectsMissing = (promise: Promise<unknown>) => assert.rejects(promise, (err: NodeJS.ErrnoException) => err.code === 'ENOENT');

/** One contract, both backends: what every caller of storage may rely on. */
for (const kind of ['local', 's3'] as const) {
  describe(`storage contract: ${kind}`, function () {
    this.timeout(30_000);
    let s3: TestS3 | undefined;
    const dirs: string[] = [];
    let storage: StorageRepository;
    const machine = (): StorageRepository => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-storage-'));
      dirs.push(dir);
      return storageRepository(dir, s3?.settings ?? null);
    };

    before(async () => {
      if (kind === 's3') s3 = await startS3();
      storage = machine();
      assert.equal(storage.kind, kind);
    });

    after(async () => {
      await s3?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('reads back what was written, and knows a missing file', async () => {
      await storage.write('videos/1/slides/2/original.jpg', Buffer.from('first photo'));
      assert.equal((await storage.read('videos/1/slides/2/original.jpg'))?.toString(), 'first photo');
      assert.equal((await storage.stat('videos/1/slides/2/original.jpg'))?.size, 11);
      assert.equal(await storage.read('videos/1/slides/2/nothing.jpg'), null);
      assert.equal(await storage.stat('videos/1/slides/2/nothing.jpg'), null);
      assert.equal(await storage.stat('videos/1/slides'), null, 'a folder is no file');
    });

    it('streams the whole file or a byte range, and rejects a missing one with ENOENT', async () => {
      await storage.write('renders/5/hd.mp4', '0123456789abcdef');
      assert.equal(await text(await storage.stream('renders/5/hd.mp4')), '0123456789abcdef');
      assert.equal(await text(await storage.stream('renders/5/hd.mp4', { start: 3, end: 7 })), '34567');
      assert.equal(await text(await storage.stream('renders/5/hd.mp4', { start: 15, end: 15 })), 'f');
      await rejectsMissing(storage.stream('renders/5/web.mp4'));
    });

    it('gives tools a local copy, and the new content once the file is replaced', async () => {
      await storage.write('videos/1/songs/1.m4a', 'old tune');
      const before = await storage.localCopy('videos/1/songs/1.m4a');
      assert.equal(await readFile(before, 'utf8'), 'old tune');
      assert.equal(path.extname(before), '.m4a', 'tools choose formats by the extension');
      const oldVersion = (await storage.stat('videos/1/songs/1.m4a'))!.version;
      await storage.write('videos/1/songs/1.m4a', 'a new, longer tune');
      assert.notEqual((await storage.stat('videos/1/songs/1.m4a'))!.version, oldVersion);
      assert.equal(await readFile(await storage.localCopy('videos/1/songs/1.m4a'), 'utf8'), 'a new, longer tune');
      await rejectsMissing(storage.localCopy('videos/1/songs/9.m4a').then((file) => readFile(file)));
    });

    it('publishes what a tool wrote to a scratch path, whole, and moves the scratch file away', async () => {
      const scratch = await storage.scratchPath('render-cache/ab/abcdef.mp4');
      assert.equal(path.extname(scratch), '.mp4');
      await writeFile(scratch, 'segment bytes');
      assert.equal(await storage.stat('render-cache/ab/abcdef.mp4'), null, 'not there before it is published');
      await storage.publish('render-cache/ab/abcdef.mp4', scratch);
      assert.equal((await storage.read('render-cache/ab/abcdef.mp4'))?.toString(), 'segment bytes');
      await assert.rejects(stat(scratch), 'the scratch file is gone');
      assert.equal(await readFile(await storage.localCopy('render-cache/ab/abcdef.mp4'), 'utf8'), 'segment bytes');
    });

    it('lists a folder however deep, and removes a folder without touching its neighbours', async () => {
      await storage.write('videos/7/a.jpg', 'a');
      await storage.write('videos/7/deep/b.jpg', 'b');
      await storage.write('videos/70/c.jpg', 'c');
      assert.deepEqual(await storage.list('videos/7'), ['videos/7/a.jpg', 'videos/7/deep/b.jpg']);
      assert.deepEqual(await storage.list('videos/8'), []);
      await storage.removeTree('videos/7');
      assert.deepEqual(await storage.list('videos/7'), []);
      assert.equal((await storage.read('videos/70/c.jpg'))?.toString(), 'c', 'videos/70 is not under videos/7');
      await storage.removeTree('videos/70/c.jpg');
      assert.equal(await storage.read('videos/70/c.jpg'), null, 'a single file is removed too');
      await storage.removeTree('videos/nothing');
    });

    it('trims copies unused for a while, never the files themselves, and still gives every file after', async () => {
      await storage.write('videos/9/old.jpg', 'unused for a day');
      await storage.write('videos/9/new.jpg', 'used just now');
      const old = await storage.localCopy('videos/9/old.jpg');
      const recent = await storage.localCopy('videos/9/new.jpg');
      const longAgo = new Date(Date.now() - CACHE_KEEP_MS - 60_000);
      await utimes(old, longAgo, longAgo);
      const removed = await storage.trimCache();
      assert.equal(existsSync(recent), true, 'a copy in use stays');
      // Local storage has no copies: its files stay however old.
      assert.deepEqual({ removed: removed > 0, old: existsSync(old) }, kind === 's3' ? { removed: true, old: false } : { removed: false, old: true });
      assert.equal(await readFile(await storage.localCopy('videos/9/old.jpg'), 'utf8'), 'unused for a day');
    });

    it('refuses a key that leaves the media folder', async () => {
      await assert.rejects(storage.write('../escape.txt', 'x'), /escapes the media folder/);
      await assert.rejects(storage.localCopy('videos/../../escape.txt'), /escapes the media folder/);
    });

    if (kind === 's3') {
      it('shares files between machines that share nothing but the bucket', async () => {
        const other = machine();
        await storage.write('videos/3/slides/4/original.jpg', 'shared photo');
        const copy = await other.localCopy('videos/3/slides/4/original.jpg');
        assert.equal(await readFile(copy, 'utf8'), 'shared photo');
        assert.ok(copy.startsWith(dirs[dirs.length - 1]), 'the copy is in the other machine’s own DATA_DIR');
        assert.throws(() => other.resolve('videos/3/slides/4/original.jpg'), /object storage/, 'no local path pretends to be the file');
      });
    } else {
      it('keeps files where the local data folder always had them', async () => {
        await storage.write('videos/2/x.txt', 'here');
        assert.equal(await readFile(path.join(storage.root, 'videos/2/x.txt'), 'utf8'), 'here');
        assert.equal(await storage.localCopy('videos/2/x.txt'), path.join(storage.root, 'videos/2/x.txt'));
      });
    }
  });
}

describe('STORAGE_URL', () => {
  it('is the local data folder when empty, a bucket for s3://, and refused otherwise', () => {
    assert.equal(parseStorageSettings({}), null);
    const s3 = parseStorageSettings({ STORAGE_URL: 's3://media-bucket/tribute/', S3_ENDPOINT: 'http://minio:9000', AWS_REGION: 'eu-west-1' });
    assert.deepEqual(
      { bucket: s3?.bucket, prefix: s3?.prefix, region: s3?.region, pathStyle: s3?.forcePathStyle },
      { bucket: 'media-bucket', prefix: 'tribute', region: 'eu-west-1', pathStyle: true },
    );
    assert.equal(parseStorageSettings({ STORAGE_URL: 's3://aws-bucket' })?.forcePathStyle, false, 'AWS itself takes the bucket in the host name');
    assert.throws(() => parseStorageSettings({ STORAGE_URL: 'gs://bucket' }), /STORAGE_URL: 'gs:\/\/bucket' is not s3:\/\/bucket/);
  });
});
