import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import supertest from 'supertest';
import { createApp } from '../src/app.ts';
import { UploadStore } from '../src/repositories/upload-store.repository.ts';
import { DISK_FULL } from '../src/services/upload.service.ts';
import { makeUser, makeVideo, PASSWORD, startHarness, type Harness } from './harness.ts';
import { createUpload, headUpload, patchUpload, uploadFile } from './tus-client.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function photo(width = 640, height = 480): Promise<Buffer> {
  const noise = randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

describe('resumable uploads (/r/uploads)', () => {
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
  });
  after(async () => h.close());

  it('stores a finished upload as the slide original, byte for byte', async () => {
    const agent = await h.agent(user);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const bytes = await photo();
    const res = await uploadFile(agent, video.id, 'beach.jpg', bytes);
    assert.equal(res.status, 204, res.text);
    const slideId = Number(res.headers['x-slide-id']);
    const slide = await h.deps.db('slides').where({ id: slideId }).first();
    assert.equal(slide.processing_state, 'pending');
    assert.equal(slide.orig_filename, 'beach.jpg');
    assert.equal(slide.mime, 'image/jpeg');
    assert.equal(slide.sha256, sha256(bytes));
    assert.equal(sha256(readFileSync(h.deps.repos.storage.resolve(slide.orig_path))), sha256(bytes));
  });

  it('resumes an upload interrupted half way and keeps every byte', async () => {
    const agent = await h.agent(user);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const bytes = await photo(1600, 1200);
    const created = await createUpload(agent, { video_id: video.id, filename: 'interrupted.jpg' }, bytes.length);
    assert.equal(created.status, 201, created.text);
    const half = Math.floor(bytes.length / 2);
    await patchUpload(agent, created.headers.location, 0, bytes.subarray(0, half)).expect(204);
    // The connection drops; later the client asks where to continue.
    const head = await headUpload(agent, created.headers.location).expect(200);
    assert.equal(Number(head.headers['upload-offset']), half);
    const done = await patchUpload(agent, created.headers.location, half, bytes.subarray(half)).expect(204);
    const slide = await h.deps.db('slides').where({ id: Number(done.headers['x-slide-id']) }).first();
    assert.equal(sha256(readFileSync(h.deps.repos.storage.resolve(slide.orig_path))), sha256(bytes));
  });

  it('refuses bytes that are not media, whatever the name says, and marks the slide deleted', async () => {
    const agent = await h.agent(user);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const res = await uploadFile(agent, video.id, 'not-really.jpg', Buffer.from('<!doctype html><html><body>hi</body></html>'));
    assert.equal(res.status, 415);
    assert.deepEqual(JSON.parse(res.text), { errors: ['This file is not a photo or video we can read.'] });
    const slide = await h.deps.db('slides').where({ video_id: video.id }).first();
    assert.equal(slide.processing_state, 'failed');
    assert.ok(slide.deleted_at);
    assert.deepEqual(readdirSync(path.join(h.config.dataDir, 'uploads')).filter((f) => f.startsWith(slide.tus_id)), [], 'no partial file left');
  });

  it("ignores mac metadata files ('._' names)", async () => {
    const agent = await h.agent(user);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const res = await createUpload(agent, { video_id: video.id, filename: '._IMG_0001.JPG' }, 100);
    assert.equal(res.status, 400);
    assert.equal(await h.deps.db('slides').where({ video_id: video.id }).count('* as c').first().then((r) => Number(r?.c)), 0);
  });

  it('refuses a file over the size limit before any byte is sent', async () => {
    const agent = await h.agent(user);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const res = await createUpload(agent, { video_id: video.id, filename: 'huge.jpg', filetype: 'image/jpeg' }, 200 * 1024 * 1024);
    assert.equal(res.status, 413);
    assert.match(res.body.errors[0], /too large/);
  });

  it("answers 404 to another organization's user", async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const stranger = await h.agent(await makeUser(h.deps));
    const res = await createUpload(stranger, { video_id: video.id, filename: 'x.jpg' }, 10);
    assert.equal(res.status, 404);
  });

  it('holds an upload-link limit of 10 when 20 uploads race, with the spec message', async () => {
    const [video] = await h.deps
      .db('videos')
      .where({ id: (await makeVideo(h.deps, { organization_id: user.organization_id })).id })
      .update({ upload_link_access_level: 2, upload_link_limit: 10 })
      .returning('*');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createUpload(h.request(), { video_id: video.id, filename: `p${i}.jpg` }, 1000, { 'X-Security-Hash': video.security_hash }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 403);
    assert.equal(created.length, 10);
    assert.equal(refused.length, 10);
    assert.deepEqual(refused[0].body, { errors: ['Too many slides, limit is 10.'] });
  });

  it('expires uploads idle for 24 hours and deletes their bytes', async () => {
    const agent = await h.agent(user);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const bytes = await photo();
    const created = await createUpload(agent, { video_id: video.id, filename: 'abandoned.jpg' }, bytes.length);
    await patchUpload(agent, created.headers.location, 0, bytes.subarray(0, 100)).expect(204);
    const slide = await h.deps.db('slides').where({ video_id: video.id }).first();
    const partial = path.join(h.config.dataDir, 'uploads', slide.tus_id);
    assert.ok(existsSync(partial));
    assert.ok((await h.deps.uploads.expireIdle(Date.now() + 25 * 3600 * 1000)) >= 1);
    assert.ok(!existsSync(partial));
    assert.ok((await h.deps.db('slides').where({ id: slide.id }).first()).deleted_at);
  });
});

describe('resumable uploads through an upload-only family link', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('accepts the whole upload with the hash sent as X-Security-Hash', async () => {
    const user = await makeUser(h.deps);
    const [video] = await h.deps
      .db('videos')
      .where({ id: (await makeVideo(h.deps, { organization_id: user.organization_id })).id })
      .update({ upload_link_access_level: 2 })
      .returning('*');
    const bytes = await photo();
    const res = await uploadFile(h.request(), video.id, 'family.jpg', bytes, { 'X-Security-Hash': video.security_hash });
    assert.equal(res.status, 204, res.text);
    const slide = await h.deps.db('slides').where({ id: Number(res.headers['x-slide-id']) }).first();
    assert.equal(slide.via_upload_link, true);
    assert.ok((await h.deps.db('videos').where({ id: video.id }).first()).last_family_upload);
  });
});

/** A store on a disk with room for `room` more bytes: it takes them, then fails the write as a full disk does. */
class FullDiskStore extends UploadStore {
  room = 1000;
  protected override openForWrite(file: string, offset: number): Writable {
    let at = offset;
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        const part = chunk.subarray(0, Math.max(0, this.room));
        if (part.length) {
          const fd = openSync(file, 'r+');
          writeSync(fd, part, 0, part.length, at);
          closeSync(fd);
          at += part.length;
          this.room -= part.length;
        }
        if (part.length < chunk.length) {
          callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
        } else callback();
      },
    });
  }
}

describe('resumable uploads when the disk fills', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('answers 507 with the disk-full message, fails the slide and leaves no partial file', async () => {
    const user = await makeUser(h.deps);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const uploadDir = path.join(h.config.dataDir, 'uploads');
    const store = new FullDiskStore({ directory: uploadDir });
    const agent = supertest.agent(createApp({ ...h.deps, uploadStore: store }).callback());
    await agent.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const bytes = await photo();
    const created = await createUpload(agent, { video_id: video.id, filename: 'full.jpg' }, bytes.length);
    assert.equal(created.status, 201, created.text);
    const res = await patchUpload(agent, created.headers.location, 0, bytes);
    assert.equal(res.status, 507, res.text);
    assert.deepEqual(JSON.parse(res.text), { errors: [DISK_FULL] });
    assert.equal(store.room, 0, 'the disk took what it had room for before failing');
    const slide = await h.deps.db('slides').where({ video_id: video.id }).first();
    assert.equal(slide.processing_state, 'failed');
    assert.equal(slide.processing_error, DISK_FULL);
    assert.ok(slide.deleted_at);
    assert.deepEqual(readdirSync(uploadDir).filter((f) => f.startsWith(slide.tus_id)), [], 'no partial file or record left');
  });
});
