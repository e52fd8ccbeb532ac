import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { startServer, type Running } from '../src/server.ts';
import { photo } from './fixtures/media.ts';
import { makeUser, makeVideo, PASSWORD, startHarness, type Harness } from './harness.ts';
import { createUpload, headUpload, patchUpload } from './tus-client.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The restart story of docs/architecture.md "Slides and uploads": a restart finishes uploads whose last byte had
 * arrived, requeues lost processing, and a partial upload resumes where it stopped. Real servers (HTTP, job worker)
 * start and stop on one database and DATA_DIR.
 */
describe('uploads across a server restart', function () {
  this.timeout(90_000);
  let h: Harness;
  let user: { email: string; organization_id: number | null };
  let videoId: number;
  let server: Running | undefined;
  const uploadDir = () => path.join(h.config.dataDir, 'uploads');

  // Left by the first server for the second.
  const whole: { bytes: Buffer; slideId: number; tusId: string } = { bytes: Buffer.alloc(0), slideId: 0, tusId: '' };
  const partial: { bytes: Buffer; location: string; half: number } = { bytes: Buffer.alloc(0), location: '', half: 0 };
  let pendingId = 0;
  let pendingBytes: Buffer = Buffer.alloc(0);

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    videoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
  });
  after(async () => {
    await server?.stop();
    await h?.close();
  });

  const start = () => startServer({ ...h.config, port: 0, host: '127.0.0.1' }, h.database.db, h.database.url);

  async function signedIn(url: string): Promise<TestAgent> {
    const agent = supertest.agent(url);
    await agent.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    return agent;
  }

  const slideRow = (id: number) => h.deps.db('slides').where({ id }).first();

  async function waitForState(id: number, state: string): Promise<Record<string, unknown>> {
    const until = Date.now() + 45_000;
    for (;;) {
      const row = await slideRow(id);
      if (row.processing_state === state) return row;
      if (Date.now() > until) throw new Error(`slide ${id} is ${row.processing_state} (${row.processing_error ?? ''}), not ${state}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** Creates an upload and puts every byte in its file, as a server killed between the last byte and the finish step leaves it. */
  async function allBytesButUnfinished(agent: TestAgent, name: string, bytes: Buffer): Promise<{ slideId: number; tusId: string; location: string }> {
    const created = await createUpload(agent, { video_id: videoId, filename: name }, bytes.length);
    assert.equal(created.status, 201, created.text);
    const tusId = String(created.headers.location).split('/').pop()!;
    writeFileSync(path.join(uploadDir(), tusId), bytes);
    const slide = await h.deps.db('slides').where({ tus_id: tusId }).first();
    assert.equal(slide.processing_state, 'uploading');
    return { slideId: slide.id, tusId, location: created.headers.location };
  }

  it('first server: one upload has all its bytes but no finish, one is half sent, one slide lost its processing job', async () => {
    server = await start();
    const agent = await signedIn(server.url);

    whole.bytes = await photo('jpeg', { width: 400, height: 300, noise: true });
    Object.assign(whole, await allBytesButUnfinished(agent, 'whole.jpg', whole.bytes));

    partial.bytes = await photo('jpeg', { width: 800, height: 600, noise: true });
    const created = await createUpload(agent, { video_id: videoId, filename: 'half.jpg' }, partial.bytes.length);
    assert.equal(created.status, 201, created.text);
    partial.location = created.headers.location;
    partial.half = Math.floor(partial.bytes.length / 2);
    await patchUpload(agent, partial.location, 0, partial.bytes.subarray(0, partial.half)).expect(204);

    // A slide whose upload finished but whose slides.process job was lost (never queued).
    pendingBytes = await photo('png', { width: 300, height: 200 });
    const [{ id }] = await h.deps.db('slides').insert({ video_id: videoId, orig_filename: 'lost.png', processing_state: 'pending', position: 50 }).returning('id');
    pendingId = id;
    const key = `videos/${videoId}/slides/${id}/original.png`;
    await h.deps.repos.storage.write(key, pendingBytes);
    await h.deps.db('slides').where({ id }).update({ orig_path: key, sha256: sha256(pendingBytes), bytes: pendingBytes.length });

    await server.stop();
    server = undefined;
    assert.equal((await slideRow(whole.slideId)).processing_state, 'uploading', 'still unfinished when the server stops');
  });

  it('on start, finishes the upload whose bytes had all arrived and processes it', async () => {
    server = await start();
    const slide = await waitForState(whole.slideId, 'ready');
    assert.equal(slide.mime, 'image/jpeg');
    assert.equal(slide.sha256, sha256(whole.bytes));
    assert.equal(sha256(readFileSync(h.deps.repos.storage.resolve(String(slide.orig_path)))), sha256(whole.bytes));
    assert.deepEqual(readdirSync(uploadDir()).filter((f) => f.startsWith(whole.tusId)), [], 'the partial file and its record are gone');
  });

  it('on start, queues a slide stuck pending again', async () => {
    const slide = await waitForState(pendingId, 'ready');
    assert.equal(slide.mime, 'image/png');
    assert.deepEqual([slide.width, slide.height], [300, 200]);
  });

  it('resumes the half-sent upload from its offset, and the stored original matches the source byte for byte', async () => {
    const agent = await signedIn(server!.url);
    const head = await headUpload(agent, partial.location).expect(200);
    assert.equal(Number(head.headers['upload-offset']), partial.half);
    assert.equal(Number(head.headers['upload-length']), partial.bytes.length);
    const done = await patchUpload(agent, partial.location, partial.half, partial.bytes.subarray(partial.half)).expect(204);
    const slideId = Number(done.headers['x-slide-id']);
    const slide = await waitForState(slideId, 'ready');
    assert.equal(slide.orig_filename, 'half.jpg');
    assert.equal(sha256(readFileSync(h.deps.repos.storage.resolve(String(slide.orig_path)))), sha256(partial.bytes));
  });

  it("finishes an upload whose bytes all arrived when the resuming client's HEAD asks for the offset", async () => {
    const agent = await signedIn(server!.url);
    const bytes = await photo('jpeg', { width: 320, height: 240, noise: true });
    // The bytes arrived after the start-up recovery ran, so only the client's HEAD can finish it.
    const upload = await allBytesButUnfinished(agent, 'late.jpg', bytes);
    const head = await headUpload(agent, upload.location).expect(200);
    assert.equal(Number(head.headers['upload-offset']), bytes.length, 'the client sees it complete and sends nothing more');
    assert.equal(Number(head.headers['upload-length']), bytes.length);
    assert.equal(Number(head.headers['x-slide-id']), upload.slideId);
    const slide = await waitForState(upload.slideId, 'ready');
    assert.equal(sha256(readFileSync(h.deps.repos.storage.resolve(String(slide.orig_path)))), sha256(bytes));
    // Asked again (say, after another reload), the finished upload still reads as complete.
    const again = await headUpload(agent, upload.location).expect(200);
    assert.equal(Number(again.headers['upload-offset']), bytes.length);
  });
});
