import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type TestAgent from 'supertest/lib/agent.js';
import { MEDIA_MESSAGES } from '../src/services/slide-media.service.ts';
import { NOT_MEDIA } from '../src/services/upload.service.ts';
import { clip, fakeJpegHtml, fakeJpegSvg, heic, photo, pixelBomb } from './fixtures/media.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { uploadFile } from './tus-client.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Accepted {
  name: string;
  make: () => Promise<Buffer>;
  mime: string;
  ext: string;
  video: boolean;
}

// Small on purpose: a 240 x 180 picture and a one-second 160 x 120 clip keep the whole table quick.
const small = { width: 240, height: 180 };
const ACCEPTED: Accepted[] = [
  { name: 'photo.jpg', make: () => photo('jpeg', small), mime: 'image/jpeg', ext: 'jpg', video: false },
  { name: 'photo.png', make: () => photo('png', small), mime: 'image/png', ext: 'png', video: false },
  { name: 'photo.webp', make: () => photo('webp', small), mime: 'image/webp', ext: 'webp', video: false },
  { name: 'photo.gif', make: () => photo('gif', small), mime: 'image/gif', ext: 'gif', video: false },
  { name: 'photo.tiff', make: () => photo('tiff', small), mime: 'image/tiff', ext: 'tif', video: false },
  { name: 'IMG_0001.HEIC', make: () => heic(small), mime: 'image/heic', ext: 'heic', video: false },
  { name: 'clip.mp4', make: () => clip('mp4', 1, '160x120'), mime: 'video/mp4', ext: 'mp4', video: true },
  { name: 'clip.mov', make: () => clip('mov', 1, '160x120'), mime: 'video/quicktime', ext: 'mov', video: true },
  { name: 'clip.m4v', make: () => clip('m4v', 1, '160x120'), mime: 'video/x-m4v', ext: 'm4v', video: true },
  { name: 'clip.webm', make: () => clip('webm', 1, '160x120'), mime: 'video/webm', ext: 'webm', video: true },
  { name: 'clip.avi', make: () => clip('avi', 1, '160x120'), mime: 'video/x-msvideo', ext: 'avi', video: true },
];

/** Every accepted type goes through the real tus endpoint and then the processing job, as in production. */
describe('uploading each accepted type through /r/uploads', function () {
  this.timeout(120_000);
  let h: Harness;
  let agent: TestAgent;
  let videoId: number;

  before(async () => {
    h = await startHarness();
    const user = await makeUser(h.deps);
    videoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
    agent = await h.agent(user);
  });
  after(async () => h.close());

  /** The upload's slide id from the final PATCH (or, for a refused file, the video's newest slide). */
  async function upload(name: string, bytes: Buffer): Promise<{ status: number; slideId: number; body: unknown }> {
    const res = await uploadFile(agent, videoId, name, bytes);
    const fromHeader = Number(res.headers['x-slide-id']);
    const slideId = fromHeader > 0 ? fromHeader : (await h.deps.db('slides').where({ video_id: videoId }).orderBy('id', 'desc').first()).id;
    return { status: res.status, slideId, body: res.text ? JSON.parse(res.text) : undefined };
  }

  /** What the page's 'Upload Problems' poll reads. */
  async function processing(slideId: number) {
    const res = await agent.get('/r/slides/processing').query({ video_id: videoId, ids: String(slideId) }).expect(200);
    return res.body.slides as { id: number; processing_state: string; processing_error: string | null }[];
  }

  for (const type of ACCEPTED) {
    it(`${type.name}: stored as ${type.mime} and processed to ready`, async () => {
      const bytes = await type.make();
      const { status, slideId } = await upload(type.name, bytes);
      assert.equal(status, 204);
      const pending = await h.deps.db('slides').where({ id: slideId }).first();
      assert.equal(pending.processing_state, 'pending');
      assert.equal(pending.mime, type.mime);
      assert.equal(pending.is_video, type.video);
      assert.match(pending.orig_path, new RegExp(`/original\\.${type.ext}$`));
      assert.equal(sha256(readFileSync(h.deps.repos.storage.resolve(pending.orig_path))), sha256(bytes));

      await h.deps.slideMedia.processSlide(slideId);
      const slide = await h.deps.db('slides').where({ id: slideId }).first();
      assert.equal(slide.processing_state, 'ready', slide.processing_error ?? '');
      assert.equal(slide.mime, type.mime);
      assert.equal(slide.deleted_at, null);
      assert.deepEqual([slide.width, slide.height], type.video ? [160, 120] : [240, 180]);
      if (type.video) assert.ok(Number(slide.clip_duration) > 0.5, `clip length ${slide.clip_duration}`);
      assert.deepEqual(await processing(slideId), [{ id: slideId, processing_state: 'ready', processing_error: null }]);
    });
  }

  for (const [name, bytes] of [
    ['fake.jpg', fakeJpegHtml],
    ['drawing.jpg', fakeJpegSvg],
  ] as const) {
    it(`refuses ${name} that is not media, and /r/slides/processing reports why`, async () => {
      const { status, slideId, body } = await upload(name, bytes);
      assert.equal(status, 415);
      assert.deepEqual(body, { errors: [NOT_MEDIA] });
      assert.deepEqual(await processing(slideId), [{ id: slideId, processing_state: 'failed', processing_error: MEDIA_MESSAGES.unreadable }]);
      assert.ok((await h.deps.db('slides').where({ id: slideId }).first()).deleted_at);
    });
  }

  it('accepts the bytes of a pixel bomb, then processing refuses it from its header and /r/slides/processing reports why', async () => {
    const bomb = await pixelBomb(12000, 12000);
    const { status, slideId } = await upload('huge.png', bomb);
    assert.equal(status, 204);
    await h.deps.slideMedia.processSlide(slideId);
    const message = 'This photo is too large (12000 x 12000 pixels). The largest we accept is 100 megapixels.';
    assert.deepEqual(await processing(slideId), [{ id: slideId, processing_state: 'failed', processing_error: message }]);
    assert.ok((await h.deps.db('slides').where({ id: slideId }).first()).deleted_at, 'a refused slide leaves the grid');
  });
});
