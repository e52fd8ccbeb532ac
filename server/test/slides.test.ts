import assert from 'node:assert/strict';
import type { Deps } from '../src/deps.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

async function addSlide(deps: Deps, videoId: number, values: Record<string, unknown> = {}): Promise<{ id: number }> {
  const position = Number((await deps.db('slides').where({ video_id: videoId }).max('position as m').first())?.m ?? 0) + 1;
  const [row] = await deps.db('slides').insert({ video_id: videoId, position, processing_state: 'ready', ...values }).returning('*');
  if (!values.is_text) {
    const key = `videos/${videoId}/slides/${row.id}/original.jpg`;
    await deps.repos.storage.write(key, Buffer.from(`jpeg bytes of slide ${row.id}`));
    await deps.db('slides').where({ id: row.id }).update({ orig_path: key, orig_filename: values.orig_filename ?? `photo ${row.id}.jpg`, mime: 'image/jpeg' });
  }
  return row;
}

describe('slide workspace calls', () => {
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };
  let videoId: number;
  let photos: { id: number }[];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
  });
  after(async () => h.close());

  beforeEach(async () => {
    videoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
    photos = [];
    for (let i = 0; i < 4; i++) photos.push(await addSlide(h.deps, videoId));
  });

  const order = async () => (await h.deps.db('slides').where({ video_id: videoId }).whereNull('deleted_at').orderBy('position')).map((s) => s.id);

  describe('GET /slides/slide_list/{videoId}', () => {
    it('lists slides in order with the workspace meta', async () => {
      const agent = await h.agent(user);
      const res = await agent.get(`/slides/slide_list/${videoId}?meta=1`).expect(200);
      assert.deepEqual(res.body.slides.map((s: { id: number }) => s.id), photos.map((p) => p.id));
      assert.equal(res.body.meta.download_url, `/slides/downloader/${videoId}/`);
      assert.ok(res.body.meta.transitions.order.length >= 10 || res.body.meta.transitions.order.length === 0);
      assert.equal(res.body.slides[0].type, 'image');
      assert.equal(res.body.meta.show_ideas, true);
    });

    it('asks for rotation ideas only where an editor works and the server analyses photos', async () => {
      const agent = await h.agent(user);
      h.deps.config.photoAnalysis = false;
      try {
        assert.equal((await agent.get(`/slides/slide_list/${videoId}?meta=1`).expect(200)).body.meta.show_ideas, false);
      } finally {
        h.deps.config.photoAnalysis = true;
      }
      const video = await h.deps.db('videos').where({ id: videoId }).first();
      await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 2 });
      try {
        const family = await h.request().get(`/slides/slide_list/${videoId}?meta=1&security_hash=${video.security_hash}`).expect(200);
        assert.equal(family.body.meta.can_edit, false);
        assert.equal(family.body.meta.show_ideas, false);
      } finally {
        await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: video.upload_link_access_level });
      }
    });
  });

  describe('POST /r/slides/reorder', () => {
    it('saves the new order', async () => {
      const agent = await h.agent(user);
      const wanted = [photos[2].id, photos[0].id, photos[3].id, photos[1].id];
      await agent.post('/r/slides/reorder').send({ video_id: videoId, image_ids: wanted }).expect(200);
      assert.deepEqual(await order(), wanted);
    });
    it('refuses a text slide in first position', async () => {
      const agent = await h.agent(user);
      const text = await addSlide(h.deps, videoId, { is_text: true, slide_caption: 'Hello' });
      const res = await agent.post('/r/slides/reorder').send({ video_id: videoId, image_ids: [text.id, ...photos.map((p) => p.id)] }).expect(400);
      assert.match(res.body.errors[0], /^Text slide cannot be the first slide\./);
      assert.equal((await order())[0], photos[0].id);
    });
  });

  describe('POST /r/slides/delete and /r/slides/undelete', () => {
    it('soft deletes and restores', async () => {
      const agent = await h.agent(user);
      const res = await agent.post('/r/slides/delete').send({ video_id: videoId, ids: [photos[1].id, photos[2].id] }).expect(200);
      assert.deepEqual(res.body.ids.sort(), [photos[1].id, photos[2].id].sort());
      assert.deepEqual(await order(), [photos[0].id, photos[3].id]);
      const bin = await agent.get(`/slides/slide_list/${videoId}?deleted=1`).expect(200);
      assert.equal(bin.body.slides.length, 2);
      await agent.post('/r/slides/undelete').send({ video_id: videoId, ids: [photos[1].id, photos[2].id] }).expect(200);
      assert.deepEqual(await order(), photos.map((p) => p.id));
    });
  });

  describe('POST /r/slides/duplicate/', () => {
    it('puts each copy right after its original', async () => {
      const agent = await h.agent(user);
      const res = await agent.post('/r/slides/duplicate/').send({ video_id: videoId, ids: [photos[1].id] }).expect(200);
      const copy = res.body.slides[0].id;
      assert.deepEqual(await order(), [photos[0].id, photos[1].id, copy, photos[2].id, photos[3].id]);
      assert.equal(res.body.slides[0].index, 2);
    });
  });

  describe('POST /slides/rotate/', () => {
    it('adds the angle and turns an existing crop with the photo', async () => {
      const agent = await h.agent(user);
      await h.deps.db('slides').where({ id: photos[0].id }).update({ crop: JSON.stringify({ x1: 0, x2: 8000, y1: 0, y2: 4000 }) });
      const res = await agent.post('/slides/rotate/').send({ video_id: videoId, ids: [photos[0].id], angles: [90] }).expect(200);
      assert.equal(res.body.slides[0].angle, 90);
      assert.deepEqual(res.body.slides[0].crop, { x1: 28000, x2: 32000, y1: 0, y2: 8000 });
      const back = await agent.post('/slides/rotate/').send({ video_id: videoId, ids: [photos[0].id], angles: [-180] }).expect(200);
      assert.equal(back.body.slides[0].angle, 270);
    });
    it('answers error_message for a text slide', async () => {
      const agent = await h.agent(user);
      const text = await addSlide(h.deps, videoId, { is_text: true });
      const res = await agent.post('/slides/rotate/').send({ video_id: videoId, ids: [text.id], angles: [90] }).expect(200);
      assert.equal(res.body.error_message, 'Text slides cannot be rotated.');
    });
  });

  describe('POST /r/slides/enhance/', () => {
    it('enhances photos and skips text slides', async () => {
      const agent = await h.agent(user);
      const text = await addSlide(h.deps, videoId, { is_text: true });
      const res = await agent.post('/r/slides/enhance/').send({ video_id: videoId, ids: [photos[0].id, text.id], value: true }).expect(200);
      const byId = new Map(res.body.slides.map((s: { id: number; enhance: boolean }) => [s.id, s.enhance]));
      assert.equal(byId.get(photos[0].id), true);
      assert.equal(byId.get(text.id), false);
    });
  });

  describe('POST /slides/save', () => {
    it('creates a text slide without slide_id with the spec defaults', async () => {
      const agent = await h.agent(user);
      const res = await agent.post('/slides/save').send({ video_id: videoId, slide_caption: 'Forever loved', font_size: 60 }).expect(200);
      const slide = res.body.slide;
      assert.equal(slide.is_text, true);
      assert.equal(slide.type, 'text');
      assert.equal(slide.slide_caption, 'Forever loved');
      assert.equal(slide.font_size, 60);
      assert.equal(slide.font, 'Quicksand-Bold.ttf');
      assert.equal(slide.slide_background, 2);
      assert.equal((await order()).at(-1), slide.id);
    });
    it('updates a caption of an existing slide', async () => {
      const agent = await h.agent(user);
      const res = await agent.post('/slides/save').send({ video_id: videoId, slide_id: photos[0].id, slide_caption: 'At the lake, 1968' }).expect(200);
      assert.equal(res.body.slide.slide_caption, 'At the lake, 1968');
    });
  });

  describe('downloads', () => {
    it('GET /r/slides/download/{slideId} answers the original as an attachment', async () => {
      const agent = await h.agent(user);
      const res = await agent.get(`/r/slides/download/${photos[0].id}`).buffer(true).expect(200);
      assert.match(res.headers['content-disposition'], /attachment; filename="photo \d+\.jpg"/);
      assert.equal(res.body.toString(), `jpeg bytes of slide ${photos[0].id}`);
    });
    it('GET /slides/download_zip/{videoId}?ids= streams a zip of the chosen originals', async () => {
      const agent = await h.agent(user);
      const res = await agent
        .get(`/slides/download_zip/${videoId}?ids=${photos[1].id},${photos[3].id}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const zip = res.body as Buffer;
      assert.equal(zip.readUInt32LE(0), 0x04034b50, 'starts with a zip local file header');
      const text = zip.toString('latin1');
      assert.ok(text.includes(`001 photo ${photos[1].id}.jpg`));
      assert.ok(text.includes(`002 photo ${photos[3].id}.jpg`));
      assert.ok(!text.includes(`photo ${photos[0].id}.jpg`));
    });
  });

  describe('access', () => {
    it("answers 404 to another organization's user on every slide call", async () => {
      const stranger = await h.agent(await makeUser(h.deps));
      const body = { video_id: videoId, ids: [photos[0].id], image_ids: [photos[0].id], angles: [90], value: true };
      await stranger.get(`/slides/slide_list/${videoId}`).expect(404);
      for (const path of ['/r/slides/reorder', '/r/slides/delete', '/r/slides/undelete', '/r/slides/duplicate/', '/slides/rotate/', '/r/slides/enhance/', '/slides/save']) {
        const res = await stranger.post(path).send({ ...body, slide_id: photos[0].id });
        assert.equal(res.status, 404, path);
        assert.deepEqual(res.body, { errors: ['Not found'] }, path);
      }
      await stranger.get(`/r/slides/download/${photos[0].id}`).expect(404);
      await stranger.get(`/slides/download_zip/${videoId}`).expect(404);
      assert.deepEqual(await order(), photos.map((p) => p.id), 'nothing changed');
    });

    it('lets an upload-only family link list and add but not delete', async () => {
      const video = await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 2 }).returning('*');
      const hash = video[0].security_hash;
      const family = h.request();
      await family.get(`/slides/slide_list/${videoId}?security_hash=${hash}`).expect(200);
      await h.request().post('/slides/save').send({ video_id: videoId, security_hash: hash, slide_caption: 'From the family' }).expect(200);
      await h.request().post('/r/slides/delete').send({ video_id: videoId, security_hash: hash, ids: [photos[0].id] }).expect(404);
      assert.equal((await order()).length, 5);
    });

    it('holds the upload-link limit for a new text slide, a restore and a copy through the link, with the spec message', async () => {
      // Four live slides and a limit of five: one more fits, the sixth does not.
      const [video] = await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 1, upload_link_limit: 5 }).returning('*');
      const link = (path: string, body: Record<string, unknown>) => h.request().post(path).send({ video_id: videoId, security_hash: video.security_hash, ...body });
      const refused = { errors: ['Too many slides, limit is 5.'] };

      await link('/slides/save', { slide_caption: 'Fifth' }).expect(200);
      const text = await link('/slides/save', { slide_caption: 'Sixth' });
      assert.equal(text.status, 403);
      assert.deepEqual(text.body, refused);

      const copy = await link('/r/slides/duplicate/', { ids: [photos[0].id] });
      assert.equal(copy.status, 403);
      assert.deepEqual(copy.body, refused);

      await link('/r/slides/delete', { ids: [photos[0].id, photos[1].id] }).expect(200);
      await link('/slides/save', { slide_caption: 'In the freed place' }).expect(200);
      const both = await link('/r/slides/undelete', { ids: [photos[0].id, photos[1].id] });
      assert.equal(both.status, 403, 'restoring two would make six');
      assert.deepEqual(both.body, refused);
      assert.deepEqual((await link('/r/slides/undelete', { ids: [photos[0].id] }).expect(200)).body, { ids: [photos[0].id] }, 'restoring one makes five');
      assert.equal((await order()).length, 5);
      assert.equal((await link('/r/slides/duplicate/', { ids: [photos[0].id] })).status, 403);

      // Staff are not held to the family's limit.
      const staff = await h.agent(user);
      await staff.post('/r/slides/duplicate/').send({ video_id: videoId, ids: [photos[0].id] }).expect(200);
      await staff.post('/slides/save').send({ video_id: videoId, slide_caption: 'From staff' }).expect(200);
      assert.equal((await order()).length, 7);
    });

    it('answers 410 once the link is turned off', async () => {
      const [video] = await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 0 }).returning('*');
      await h.request().get(`/slides/slide_list/${videoId}?security_hash=${video.security_hash}`).expect(410);
    });
  });
});
