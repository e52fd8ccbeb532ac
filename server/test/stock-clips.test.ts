import assert from 'node:assert/strict';
import { STOCK_CLIPS } from '../src/media/stock-clips.ts';
import { stockClipLibrary, type StockVideoRow } from '../src/services/stock-clip-library.service.ts';
import { suggestedClips } from '../src/services/stock-clip.service.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('stock video clips', function () {
  // Two clips are drawn by ffmpeg on a first run (then copied from the cache).
  this.timeout(600_000);
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };
  let ready: StockVideoRow[];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    const library = stockClipLibrary({ db: h.deps.db, storage: h.deps.repos.storage });
    const rows: StockVideoRow[] = await h.deps.db('stock_videos').whereIn('generator', ['sky-drifting-clouds', 'particles-stars']).orderBy('id');
    for (const row of rows) assert.equal(await library.make(row), true);
    ready = await h.deps.db('stock_videos').whereIn('id', rows.map((r) => r.id)).orderBy('id');
  });
  after(async () => h.close());

  it('seeds at least 20 clips the engine draws, each with a recipe', async () => {
    const rows = await h.deps.db('stock_videos').whereNotNull('generator');
    assert.ok(rows.length >= 20 && rows.length === STOCK_CLIPS.length);
  });

  it('lists only the clips in place, with the rest counted as preparing, and suggests by the theme', async () => {
    await h.deps.db('themes').insert({ id: 9001, theme_title: 'Night Sky Test', tags: 'sky, night, stars' }).onConflict('id').ignore();
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, theme_id: 9001 });
    const res = await (await h.agent(user)).get(`/r/videos/${video.id}/stock_videos`).expect(200);
    assert.deepEqual(res.body.videos.map((v: { id: number }) => v.id).sort(), ready.map((r) => r.id).sort());
    assert.equal(res.body.preparing, STOCK_CLIPS.length - 2);
    assert.deepEqual([...res.body.theme_clips].sort(), ready.map((r) => r.id).sort());
    const tile = res.body.videos[0];
    const thumb = await h.request().get(tile.thumb_url).expect(200);
    assert.equal(thumb.headers['content-type'], 'image/jpeg');
    await h.request().get(tile.preview_url).expect(200);
  });

  it('adds the chosen clips as clip slides at the end, in the order chosen', async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    const res = await (await h.agent(user)).post(`/r/videos/${video.id}/add_stock_video_clips`).send({ selected_videos: [ready[1].id, ready[0].id] }).expect(200);
    assert.equal(res.body.data.length, 2);
    assert.deepEqual(res.body.data.map((s: { stock_video_id: number }) => s.stock_video_id), [ready[1].id, ready[0].id]);
    for (const slide of res.body.data) {
      assert.equal(slide.is_video, true, 'processed as a clip');
      assert.equal(slide.processing_state, 'ready');
      assert.ok(slide.clip_duration > 7 && slide.clip_duration < 9, String(slide.clip_duration));
    }
    const rows = await h.deps.db('slides').where({ video_id: video.id }).orderBy('position');
    assert.notEqual(rows[0].orig_path, ready[1].file_path, 'each slide has its own copy');
  });

  it('refuses what is not there, a family link past its limit or turned off, and another organization', async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, upload_link_access_level: 2, upload_link_limit: 1 });
    const agent = await h.agent(user);
    await agent.post(`/r/videos/${video.id}/add_stock_video_clips`).send({ selected_videos: [] }).expect(400);
    await agent.post(`/r/videos/${video.id}/add_stock_video_clips`).send({ selected_videos: [999999] }).expect(404);
    const family = `/r/videos/${video.security_hash}/add_stock_video_clips?security_hash=${video.security_hash}`;
    const tooMany = await h.request().post(family).send({ selected_videos: [ready[0].id, ready[1].id] }).expect(403);
    assert.equal(tooMany.body.errors[0], 'Too many slides, limit is 1.');
    await h.request().post(family).send({ selected_videos: [ready[0].id] }).expect(200);
    const stranger = await makeUser(h.deps);
    await (await h.agent(stranger)).post(`/r/videos/${video.id}/add_stock_video_clips`).send({ selected_videos: [ready[0].id] }).expect(404);
    await (await h.agent(stranger)).get(`/r/videos/${video.id}/stock_videos`).expect(404);
    await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 0 });
    await h.request().post(family).send({ selected_videos: [ready[0].id] }).expect(410);
  });

  it('suggests the clips sharing most words with the theme', () => {
    const clips = [
      { id: 1, tags: 'candle flame warm' },
      { id: 2, tags: 'sky clouds' },
      { id: 3, tags: 'candle glow warm gold' },
    ];
    assert.deepEqual(suggestedClips('bokeh, gold, warm, candle', clips), [3, 1]);
    assert.deepEqual(suggestedClips('paper linen', clips), []);
  });
});
