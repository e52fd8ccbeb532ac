import assert from 'node:assert/strict';
import type TestAgent from 'supertest/lib/agent.js';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { STOCK_EULA_REQUIRED } from '../src/services/finalize.service.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, addSong, addTextSlide, insertTestTheme } from './render-helpers.ts';

describe('POST /orders/create', function () {
  this.timeout(120_000);
  let h: Harness;
  let agent: TestAgent;
  let org: number;
  let themeId: number;
  const sent: { name: string; data: unknown }[] = [];

  before(async () => {
    h = await startHarness();
    org = (await h.deps.db('organizations').insert({ organization_name: 'Finalize Org', video_length_limit: 1, max_override_length: 3 }).returning('id'))[0].id as number;
    agent = await h.agent(await makeUser(h.deps, { organizationId: org, role: 'org_admin' }));
    themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5 });
    h.deps.render.useSender(async (name, data) => {
      sent.push({ name, data });
    });
  });

  after(async () => {
    await h?.close();
  });

  const newVideo = (values: Partial<VideoRow> = {}) =>
    makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 2, ...values } as Partial<VideoRow> & { organization_id: number });
  const finalize = (video: VideoRow, eula = '0') => agent.post('/orders/create').type('form').send({ video_code: video.video_code, stock_eula: eula }).expect(200);

  it('puts the video in the queue, starts its render and sends the browser to its details', async () => {
    const video = await newVideo();
    await addPhoto(h.deps, video, 800, 600);
    sent.length = 0;
    const reply = await finalize(video);
    assert.deepEqual(reply.body, { redirect: `/videos/${video.id}/details` });
    assert.ok((await h.deps.repos.videos.findById(video.id))?.date_in_queue);
    assert.deepEqual(sent, [{ name: 'render.video', data: { videoId: video.id } }]);
  });

  it('answers a message when there is nothing to make or a text slide comes first', async () => {
    const video = await newVideo();
    assert.deepEqual((await finalize(video)).body, { message: 'Please upload at least one image before finalizing.' });
    await addTextSlide(h.deps, video, 'Hello');
    await addPhoto(h.deps, video, 800, 600);
    assert.deepEqual((await finalize(video)).body, { message: 'Text slide cannot be the first slide. Move it after the cover photo and try again.' });
    assert.equal((await h.deps.repos.videos.findById(video.id))?.date_in_queue, null);
  });

  it('waits for photos still being processed', async () => {
    const video = await newVideo();
    await addPhoto(h.deps, video, 800, 600);
    await h.deps.db('slides').insert({ video_id: video.id, position: 9, processing_state: 'pending', orig_path: 'x.jpg' });
    assert.match((await finalize(video)).body.message, /still being processed/);
  });

  it('keeps to the organization’s length limit unless an administrator allowed a longer video', async () => {
    const video = await newVideo({ slide_time: 40 });
    await addPhoto(h.deps, video, 800, 600);
    await addPhoto(h.deps, video, 800, 600);
    assert.match((await finalize(video)).body.message, /1\.4 minutes long, over your limit of 1 minutes/);
    await h.deps.db('videos').where({ id: video.id }).update({ override_length_limit: true });
    assert.deepEqual((await finalize(video)).body, { redirect: `/videos/${video.id}/details` });
    const longer = await newVideo({ slide_time: 100, override_length_limit: true });
    for (let i = 0; i < 2; i++) await addPhoto(h.deps, longer, 800, 600);
    assert.match((await finalize(longer)).body.message, /over the longest we can make \(3 minutes\)/);
  });

  it('asks for the stock music license when stock songs are used', async () => {
    const video = await newVideo();
    await addPhoto(h.deps, video, 800, 600);
    const [stock] = await h.deps.db('stock_songs').insert({ song_name: 'Stock', song_length: 10, file_path: 'stock.m4a' }).returning('id');
    await h.deps.db('songs').insert({ video_id: video.id, stock_song_id: stock.id, song_length: 10 });
    assert.deepEqual((await finalize(video, '0')).body, { message: STOCK_EULA_REQUIRED });
    assert.deepEqual((await finalize(video, '1')).body, { redirect: `/videos/${video.id}/details` });
  });

  it('hides another organization’s video', async () => {
    const video = await newVideo();
    const stranger = await h.agent(await makeUser(h.deps));
    await stranger.post('/orders/create').type('form').send({ video_code: video.video_code, stock_eula: '0' }).expect(404);
    await agent.post('/orders/create').type('form').send({ video_code: 'no-such-code', stock_eula: '0' }).expect(404);
  });

  it('renders nothing when an unchanged video is finalized again', async () => {
    const video = await newVideo({ slide_time: 1.5 });
    await addPhoto(h.deps, video, 1280, 720, { effect_id: 1, user_set_effect: true });
    await addSong(h.deps, video, 440, 4);
    const runner = h.deps.render.runLocally(2);
    await finalize(video);
    await runner.idle();
    const first = await h.deps.render.records.latest(video.id, 'hd');
    assert.equal(first?.status, 'done', first?.error ?? '');
    await finalize(video);
    await runner.idle();
    const renders = await h.deps.db('renders').where({ video_id: video.id, kind: 'hd' }).select('id');
    assert.deepEqual(renders.map((r) => r.id), [first!.id]);
    const status = await agent.get(`/r/videos/check_generation_statuses?progress_bars=${encodeURIComponent(JSON.stringify({ hd: [video.id], web: [video.id] }))}`).expect(200);
    assert.deepEqual(status.body, { hd: { [video.id]: { complete: 100, message: 'Complete' } }, web: { [video.id]: { complete: 100, message: 'Complete' } } });
  });
});
