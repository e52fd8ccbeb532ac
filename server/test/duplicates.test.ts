import assert from 'node:assert/strict';
import sharp, { type Sharp } from 'sharp';
import type { Live } from '../src/live/live.ts';
import type { SlideRow } from '../src/repositories/slide.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
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

  /** A copy of the picture drawn by `svg`, edited, uploaded as a photo of its own. */
  async function copyOf(svg: string, edit: (s: Sharp) => Sharp): Promise<SlideRow> {
    const data = await edit(sharp(Buffer.from(svg))).jpeg({ quality: 60 }).toBuffer();
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
