import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import { readPlaylist } from '../src/render/compile/hls.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import { slideStartSeconds } from '../src/services/preview.service.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, addSong, addTextSlide, insertTestTheme } from './render-helpers.ts';

describe('POST /r/videos/{id}/partial_preview', function () {
  this.timeout(180_000);
  let h: Harness;
  let agent: TestAgent;
  let org: number;
  let themeId: number;
  let video: VideoRow;

  before(async () => {
    h = await startHarness();
    org = (await h.deps.db('organizations').insert({ organization_name: 'Preview Org' }).returning('id'))[0].id as number;
    const user = await makeUser(h.deps, { organizationId: org, role: 'org_admin' });
    agent = await h.agent(user);
    themeId = await insertTestTheme(h.deps, { introLength: 1, outroLength: 1 });
    video = await makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 3 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, video, 1920, 1280, { slide_caption: 'First photo' });
    await addPhoto(h.deps, video, 1280, 1600);
    await addPhoto(h.deps, video, 1920, 1080);
    await addSong(h.deps, video, 523, 20);
  });

  after(async () => {
    await h.deps.render.previews.settled();
    await h?.close();
  });

  async function playlistWhenDone(url: string): Promise<string> {
    for (let i = 0; i < 600; i++) {
      const text = (await agent.get(url).expect(200)).text;
      if (readPlaylist(text).ended) return text;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('The preview did not finish');
  }

  it('streams the final timeline as a growing HLS playlist of fMP4 segments, starting quickly', async () => {
    const started = Date.now();
    const reply = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls', node_id: '' }).expect(200);
    assert.equal(reply.body.playback.type, 'hls');
    assert.ok(reply.body.max_slide_size > 0);
    const first = await agent.get(reply.body.playback.url).expect(200);
    const firstSegmentSeconds = (Date.now() - started) / 1000;
    assert.match(first.headers['content-type'], /mpegurl/);
    assert.match(first.text, /#EXT-X-PLAYLIST-TYPE:EVENT/);
    assert.ok(readPlaylist(first.text).uris.length >= 1);
    assert.ok(firstSegmentSeconds < 10, `first segment after ${firstSegmentSeconds} s`);

    const text = await playlistWhenDone(reply.body.playback.url);
    const base = reply.body.playback.url.replace(/index\.m3u8$/, '');
    const parts = [(await agent.get(`${base}init.mp4`).responseType('blob').expect(200)).body as Buffer];
    for (const uri of readPlaylist(text).uris) parts.push((await agent.get(`${base}${uri}`).responseType('blob').expect(200)).body as Buffer);
    const file = path.join(os.tmpdir(), `preview-${video.id}-${process.pid}.mp4`);
    writeFileSync(file, Buffer.concat(parts));
    const render = (await h.deps.render.records.latest(video.id, 'preview')) as RenderRow & { plan: RenderPlan };
    const probe = await h.deps.render.ffmpeg.probe(file, true);
    assert.deepEqual([probe.video?.codec, probe.video?.width, probe.video?.height, probe.audio?.codec], ['h264', 640, 360, 'aac']);
    assert.equal(probe.video?.frames, render.plan.timeline.frames);
    const status = await agent.get(`/r/videos/${video.id}/check_generation_status?stage=preview`).expect(200);
    assert.deepEqual(status.body, { complete: 100, message: 'Complete' });
  });

  it('answers the same preview while nothing changed, and streams it as one MP4 when asked', async () => {
    const hls = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls' }).expect(200);
    const mp4 = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'mp4' }).expect(200);
    assert.equal(mp4.body.playback.url, hls.body.playback.url.replace('index.m3u8', 'preview.mp4'));
    const body = (await agent.get(mp4.body.playback.url).responseType('blob').expect(200)).body as Buffer;
    const file = path.join(os.tmpdir(), `preview-${video.id}-${process.pid}-whole.mp4`);
    writeFileSync(file, body);
    const probe = await h.deps.render.ffmpeg.probe(file);
    assert.ok(probe.video && probe.audio && Math.abs(probe.duration - 11) < 0.1, `${probe.duration} s`);
  });

  it('asks for an image first, and refuses a text slide or clip in first place', async () => {
    const empty = await makeVideo(h.deps, { organization_id: org, theme_id: themeId });
    const none = await agent.post(`/r/videos/${empty.id}/partial_preview`).send({ type: 'hls' }).expect(400);
    assert.deepEqual(none.body, { errors: ['Please upload at least one image before previewing.'] });
    await addTextSlide(h.deps, empty, 'Welcome');
    const text = await agent.post(`/r/videos/${empty.id}/partial_preview`).send({ type: 'hls' }).expect(400);
    assert.deepEqual(text.body, { errors: ['Text slide cannot be the first slide. Please upload at least one image before previewing.'] });
    await addPhoto(h.deps, empty, 800, 600);
    const moved = await agent.post(`/r/videos/${empty.id}/partial_preview`).send({ type: 'hls' }).expect(400);
    assert.deepEqual(moved.body, { errors: ['Text slide cannot be the first slide. Move it after the cover photo and try again.'] });
  });

  it('starts at the slide a drawer asks for (node_id), the opening for the cover photo, on the same preview', async () => {
    const photos = (await h.deps.db('slides').where({ video_id: video.id }).orderBy('position').pluck('id')) as number[];
    const whole = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls' }).expect(200);
    assert.equal(whole.body.playback.start_at, 0);
    const intro = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls', node_id: 'intro' }).expect(200);
    assert.equal(intro.body.playback.start_at, 0);
    const third = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls', node_id: photos[2] }).expect(200);
    assert.equal(third.body.playback.url, whole.body.playback.url, 'the same preview, played from elsewhere');
    const render = (await h.deps.render.records.latest(video.id, 'preview')) as RenderRow & { plan: RenderPlan };
    const shownFrom = slideStartSeconds(render.plan.timeline, photos[2])!;
    assert.equal(third.body.playback.start_at, Math.round(shownFrom * 1000) / 1000);
    // A 1 s opening and two 3 s photos before it, less the transition into it.
    assert.ok(third.body.playback.start_at > 5 && third.body.playback.start_at <= 7, `${third.body.playback.start_at} s`);
    const second = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls', node_id: String(photos[1]) }).expect(200);
    assert.ok(second.body.playback.start_at > 2 && second.body.playback.start_at < third.body.playback.start_at);
    for (const node of ['abc', -3, 1.5, { id: 1 }]) {
      assert.deepEqual((await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls', node_id: node }).expect(400)).body, { errors: ['That slide cannot be previewed.'] });
    }
    const elsewhere = await makeVideo(h.deps, { organization_id: org, theme_id: themeId });
    const [stranger] = await h.deps.db('slides').insert({ video_id: elsewhere.id, position: 1, orig_filename: 'x.jpg' }).returning('id');
    assert.deepEqual((await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls', node_id: stranger.id }).expect(400)).body, { errors: ['That slide is not part of the video.'] });
  });

  it('makes the first segment alone, so the viewer waits for one ffmpeg with both cores, then two at a time', async () => {
    const pieces = h.deps.render.pieces;
    const real = pieces.segment;
    const runs: { index: number; start: number; end: number }[] = [];
    pieces.segment = async (plan, index) => {
      const start = performance.now();
      try {
        return await real.call(pieces, plan, index);
      } finally {
        runs.push({ index, start, end: performance.now() });
      }
    };
    try {
      await h.deps.db('slides').where({ video_id: video.id }).orderBy('position').limit(1).update({ slide_caption: 'A new first caption' });
      const reply = await agent.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls' }).expect(200);
      await playlistWhenDone(reply.body.playback.url);
    } finally {
      pieces.segment = real;
    }
    const first = runs.find((r) => r.index === 0)!;
    const others = runs.filter((r) => r.index > 0);
    assert.ok(others.length >= 2);
    assert.ok(others.every((r) => r.start >= first.end), 'nothing else was made beside the first segment');
    const overlapping = others.some((a) => others.some((b) => a !== b && a.start < b.end && b.start < a.end));
    assert.ok(overlapping, 'the rest are made two at a time');
  });

  it('hides another organization’s video', async () => {
    const stranger = await h.agent(await makeUser(h.deps));
    await stranger.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls' }).expect(404);
  });
});
