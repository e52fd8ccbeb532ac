import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import type { Live } from '../src/live/live.ts';
import type { SlideRow } from '../src/repositories/slide.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { differenceHash, HASH_HEIGHT, HASH_WIDTH } from '../../web/src/features/slides/duplicates/fingerprint.ts';
import { DUPLICATE_DISTANCE, hammingDistance } from '../../web/src/features/slides/duplicates/grouping.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, addTextSlide } from './render-helpers.ts';

/** A photo with stripes and blobs: enough structure that a crop can be aligned and a different one told apart. */
const photoSvg = (w: number, h: number, hueShift: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="hsl(${200 + hueShift},40%,60%)"/>` +
  Array.from({ length: 12 }, (_, i) => `<circle cx="${((i * 97 + hueShift * 7) % 100) * w / 100}" cy="${((i * 53) % 100) * h / 100}" r="${h / 12 + i * 3}" fill="hsl(${(i * 40 + hueShift) % 360},60%,${30 + i * 4}%)"/>`).join('') +
  `<rect y="${h * 0.75}" width="${w}" height="${h / 4}" fill="hsl(${100 + hueShift},35%,35%)"/></svg>`;

describe('duplicate photos (POST /r/slides/duplicate_check, POST /r/slides/mark_duplicate)', function () {
  this.timeout(120_000);
  let h: Harness;
  let user: Awaited<ReturnType<typeof makeUser>>;
  let video: VideoRow;
  const told: { videoId: number; owner: string | null }[] = [];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    h.deps.live = { notify: async (videoId: number, owner: string | null) => void told.push({ videoId, owner }), close: async () => {} } as Live;
  });
  after(async () => h.close());
  beforeEach(async () => {
    video = await makeVideo(h.deps, { organization_id: user.organization_id });
    told.length = 0;
  });

  /** A copy of the picture drawn by `svg` (or a photograph's file), edited, uploaded as a photo of its own. */
  async function copyOf(svg: string | { file: string }, edit: (s: Sharp) => Sharp): Promise<SlideRow> {
    const data = await edit(sharp(typeof svg === 'string' ? Buffer.from(svg) : svg.file)).jpeg({ quality: 60 }).toBuffer();
    const meta = await sharp(data).metadata();
    return addPhoto(h.deps, video, meta.width, meta.height, {}, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${meta.width}" height="${meta.height}"><image width="${meta.width}" height="${meta.height}" xlink:href="data:image/jpeg;base64,${data.toString('base64')}"/></svg>`);
  }

  it('confirms a resized, cropped copy and turns down a different photo of the same kind', async () => {
    const agent = await h.agent(user);
    const photo = await addPhoto(h.deps, video, 1200, 900, {}, photoSvg(1200, 900, 0));
    const copy = await copyOf(photoSvg(1200, 900, 0), (s) => s.extract({ left: 60, top: 45, width: 1080, height: 810 }).resize(640));
    const other = await addPhoto(h.deps, video, 1200, 900, {}, photoSvg(1200, 900, 25));
    const text = await addTextSlide(h.deps, video, 'Words');
    const res = await agent.post('/r/slides/duplicate_check').send({ video_id: video.id, pairs: [[photo.id, copy.id], [photo.id, other.id], [photo.id, text.id]] }).expect(200);
    const verdict = (a: number, b: number) => res.body.pairs.find((p: { ids: number[] }) => p.ids[0] === a && p.ids[1] === b);
    assert.equal(verdict(photo.id, copy.id)?.duplicate, true, JSON.stringify(res.body));
    assert.equal(verdict(photo.id, other.id)?.duplicate, false, JSON.stringify(res.body));
    assert.equal(verdict(photo.id, text.id), undefined, 'a text slide is never judged');
    await agent.post('/r/slides/duplicate_check').send({ video_id: video.id, pairs: [[photo.id, photo.id]] }).expect(400);
  });

  /** The browser's fingerprint of a slide's thumbnail (canvas.ts: drawn small, averaged, hashed), near enough. */
  async function browserPrint(slide: SlideRow): Promise<string> {
    const thumb = await h.deps.slideMedia.ensureDerived((await h.deps.slideMedia.findSlide(slide.id))!, 'thumb');
    const rgb = await sharp(thumb).resize(HASH_WIDTH, HASH_HEIGHT, { fit: 'fill', kernel: 'cubic' }).removeAlpha().raw().toBuffer();
    const rgba = new Uint8Array(HASH_WIDTH * HASH_HEIGHT * 4).map((_, i) => (i % 4 === 3 ? 255 : rgb[Math.floor(i / 4) * 3 + (i % 4)]));
    return differenceHash(rgba);
  }

  it('proposes light crops the browser’s fingerprints miss, each confirmed by the check, and no different photo', async () => {
    const agent = await h.agent(user);
    // A real photograph (360 x 360): its detail moves every cell of the browser's small hash when cropped.
    const camera = { file: path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/rotation/camera.jpg') };
    const photo = await copyOf(camera, (s) => s);
    // 10 % off the left and the top, and a fifth off the right (a crop that changes the photo's shape).
    const corner = await copyOf(camera, (s) => s.extract({ left: 36, top: 36, width: 324, height: 324 }));
    const side = await copyOf(camera, (s) => s.extract({ left: 0, top: 0, width: 288, height: 360 }));
    const other = await addPhoto(h.deps, video, 1200, 900, {}, photoSvg(1200, 900, 25));
    await addTextSlide(h.deps, video, 'Words');
    const prints = await Promise.all([photo, corner, side].map(browserPrint));
    assert.ok(hammingDistance(prints[0], prints[1]) >= DUPLICATE_DISTANCE && hammingDistance(prints[0], prints[2]) >= DUPLICATE_DISTANCE, `the browser alone would not ask about these: ${hammingDistance(prints[0], prints[1])}, ${hammingDistance(prints[0], prints[2])} bits`);

    const res = await agent.post('/r/slides/duplicate_pairs').send({ video_id: video.id }).expect(200);
    const pairs = (res.body.pairs as { ids: number[]; duplicate: boolean }[]).map((p) => [...p.ids].sort((a, b) => a - b).join('-')).sort();
    const key = (a: SlideRow, b: SlideRow) => [a.id, b.id].sort((x, y) => x - y).join('-');
    // The two crops are no crop of each other (each keeps what the other cut); the group joins them through the photo.
    assert.deepEqual(pairs, [key(photo, corner), key(photo, side)].sort(), JSON.stringify(res.body));
    assert.ok(res.body.pairs.every((p: { duplicate: boolean }) => p.duplicate));
    assert.equal(res.body.more, false);
    assert.ok(!pairs.some((p) => p.split('-').includes(String(other.id))), 'the different photo is in no pair');
    // The prints are kept, named by the thumbnail they were made from; an edit makes them again.
    const stored = await h.deps.db('slide_prints').where({ video_id: video.id }).select('slide_id');
    assert.equal(stored.length, 4, 'one row per photo');
    await h.deps.repos.slides.update(corner.id, { crop: { x1: 0, x2: 16000, y1: 0, y2: 16000 } });
    const again = await agent.post('/r/slides/duplicate_pairs').send({ video_id: video.id }).expect(200);
    assert.ok(!again.body.pairs.some((p: { ids: number[] }) => p.ids.includes(corner.id)), 'a quarter of the photo is no longer a light crop');

    // Another organization's user gets 404; an upload-only family link may read the pairs, as it may check them.
    await (await h.agent(await makeUser(h.deps))).post('/r/slides/duplicate_pairs').send({ video_id: video.id }).expect(404);
    const [link] = await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 2 }).returning('*');
    await h.request().post('/r/slides/duplicate_pairs').send({ video_id: video.id, security_hash: link.security_hash }).expect(200);
  });

  it('removes the marked copies (restorable) and records the keepers, telling the other editors', async () => {
    const agent = await h.agent(user);
    const keep = await addPhoto(h.deps, video, 400, 300);
    const remove = await addPhoto(h.deps, video, 200, 150);
    await agent.post('/r/slides/mark_duplicate').set('x-live-socket', 'sock-9').send({ video_id: video.id, remove: [remove.id], keep: [keep.id] }).expect(200);
    const removed = (await h.deps.repos.slides.find(remove.id))!;
    assert.equal(removed.duplicate, true);
    assert.ok(removed.deleted_at, 'soft-deleted, so Restore Deleted brings it back');
    assert.equal((await h.deps.repos.slides.find(keep.id))!.duplicate, false);
    const list = (await agent.get(`/slides/slide_list/${video.id}`).expect(200)).body.slides.map((s: { id: number }) => s.id);
    assert.deepEqual(list, [keep.id]);
    assert.ok(told.some((t) => t.videoId === video.id && t.owner === 'sock-9'));
  });

  it('checks access: another organization gets 404, a full family link may mark, an upload-only one may only check', async () => {
    const a = await addPhoto(h.deps, video, 300, 200);
    const b = await addPhoto(h.deps, video, 300, 200);
    const stranger = await h.agent(await makeUser(h.deps));
    await stranger.post('/r/slides/duplicate_check').send({ video_id: video.id, pairs: [[a.id, b.id]] }).expect(404);
    await stranger.post('/r/slides/mark_duplicate').send({ video_id: video.id, remove: [b.id], keep: [a.id] }).expect(404);
    // Slides of another video through one's own video are not found either.
    const mine = await makeVideo(h.deps, { organization_id: user.organization_id });
    const agent = await h.agent(user);
    await agent.post('/r/slides/mark_duplicate').send({ video_id: mine.id, remove: [b.id], keep: [a.id] }).expect(404);
    assert.deepEqual((await agent.post('/r/slides/duplicate_check').send({ video_id: mine.id, pairs: [[a.id, b.id]] }).expect(200)).body.pairs, []);

    const [link] = await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 2 }).returning('*');
    const family = (url: string, body: Record<string, unknown>) => h.request().post(url).send({ video_id: video.id, security_hash: link.security_hash, ...body });
    await family('/r/slides/duplicate_check', { pairs: [[a.id, b.id]] }).expect(200);
    await family('/r/slides/mark_duplicate', { remove: [b.id], keep: [a.id] }).expect(404);
    assert.equal((await h.deps.repos.slides.find(b.id))!.deleted_at, null);
    await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 1 });
    await family('/r/slides/mark_duplicate', { remove: [b.id], keep: [a.id] }).expect(200);
    assert.ok((await h.deps.repos.slides.find(b.id))!.deleted_at);
  });
});
