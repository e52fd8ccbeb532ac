import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import { readPlaylist } from '../src/render/compile/hls.ts';
import { segmentKey, type RenderPlan } from '../src/render/compile/render-plan.ts';
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
    pieces.segment = async (plan, index, watch) => {
      const start = performance.now();
      try {
        return await real.call(pieces, plan, index, watch);
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

  it('publishes each of the first segment’s two-second fragments while its ffmpeg is still writing the rest, and the whole playlist plays', async () => {
    // A 9 s opening: its segment has fragments at 0, 2, 4, 6 and 8 s, the second whole when less than half is written.
    const theme = await insertTestTheme(h.deps, { introLength: 9, outroLength: 1, transitionLength: 1 });
    const long = await makeVideo(h.deps, { organization_id: org, theme_id: theme, automatic_timing: false, slide_time: 3 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, long, 1920, 1280);
    await addPhoto(h.deps, long, 1280, 1600);
    await addSong(h.deps, long, 440, 20);
    const { files } = h.deps.render;
    const pieces = h.deps.render.pieces;
    const real = pieces.segment;
    let firstMade = Infinity;
    pieces.segment = async (...args) => {
      const key = await real.apply(pieces, args);
      if (args[1] === 0) firstMade = performance.now();
      return key;
    };
    let text: string;
    let render: RenderRow & { plan: RenderPlan };
    try {
      // Timed as the benchmark times it: from asking until seg-0.m4s is in storage.
      const started = performance.now();
      const preview = await h.deps.render.previews.request({ video: long }, 'hls');
      render = (await h.deps.render.records.latest(long.id, 'preview')) as RenderRow & { plan: RenderPlan };
      const folder = `videos/${long.id}/renders/${render.id}`;
      const published = async (uri: string) => {
        for (let waited = 0; !(await files.size(`${folder}/${uri}`)); waited++) {
          assert.ok(waited < 12_000, `${uri} did not come`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return performance.now();
      };
      const seg0 = await published('seg-0.m4s');
      const seg1 = await published('seg-1.m4s');
      const cached = await files.size(segmentKey(render.plan.profile, render.plan.hashes[0]));
      // The playlist is written just after the segment it lists.
      let early = '';
      while (readPlaylist(early).uris.length < 2) early = (await agent.get(preview.playback.url).expect(200)).text;
      text = await playlistWhenDone(preview.playback.url);
      console.log(`      first HLS segment ${((seg0 - started) / 1000).toFixed(2)} s after asking, the second ${((seg1 - started) / 1000).toFixed(2)} s; the first segment was made after ${((firstMade - started) / 1000).toFixed(2)} s`);
      assert.ok(!cached, 'seg-1.m4s was published before the first segment was in the cache');
      assert.ok(seg1 < firstMade, 'seg-1.m4s was published before the first segment was made');
      assert.match(early, /#EXTINF:2\.000,\nseg-0\.m4s\n#EXTINF:2\.000,\nseg-1\.m4s\n/);
    } finally {
      pieces.segment = real;
    }
    assert.ok(await files.size(segmentKey(render.plan.profile, render.plan.hashes[0])), 'the first segment is in the cache as before');
    const seconds = [...text.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    assert.deepEqual(seconds.slice(0, 2), [2, 2], 'the first HLS segments are the first fragments, one each');
    let opening = 0;
    for (let i = 0; opening < 9 - 0.01; i++) opening += seconds[i];
    assert.ok(Math.abs(opening - 9) < 0.01, `the opening's HLS segments end with it: ${seconds.join(' + ')} s`);
    assert.ok(Math.abs(seconds.reduce((a, b) => a + b, 0) - render.plan.timeline.duration) < 0.01, `${seconds.join(' + ')} s`);

    // Played as HLS by ffmpeg's own demuxer, every segment decoded.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'preview-hls-'));
    try {
      const base = `/r/previews/${render.token}/`;
      writeFileSync(path.join(dir, 'index.m3u8'), text);
      for (const uri of ['init.mp4', ...readPlaylist(text).uris]) writeFileSync(path.join(dir, uri), (await agent.get(`${base}${uri}`).responseType('blob').expect(200)).body as Buffer);
      const probe = await h.deps.render.ffmpeg.probe(path.join(dir, 'index.m3u8'), true);
      assert.deepEqual([probe.video?.codec, probe.video?.width, probe.video?.height, probe.audio?.codec], ['h264', 640, 360, 'aac']);
      assert.equal(probe.video?.frames, render.plan.timeline.frames);
      assert.ok(Math.abs(probe.duration - render.plan.timeline.duration) < 0.1, `${probe.duration} s`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the preview when the first segment’s ffmpeg dies after its first fragment was published, leaving the cache as it was', async () => {
    const theme = await insertTestTheme(h.deps, { introLength: 9, outroLength: 1 });
    const doomed = await makeVideo(h.deps, { organization_id: org, theme_id: theme, automatic_timing: false, slide_time: 2 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, doomed, 1920, 1280);
    await addSong(h.deps, doomed, 330, 20);
    const { files, pieces } = h.deps.render;
    const real = pieces.segment;
    let scratch: string | undefined;
    pieces.segment = (plan, index, watch) => real.call(pieces, plan, index, watch && { writing: (file) => watch.writing((scratch = file)) });
    let render: RenderRow & { plan: RenderPlan };
    try {
      await h.deps.render.previews.request({ video: doomed }, 'hls');
      render = (await h.deps.render.records.latest(doomed.id, 'preview')) as RenderRow & { plan: RenderPlan };
      for (let waited = 0; !(await files.size(`videos/${doomed.id}/renders/${render.id}/seg-0.m4s`)); waited++) {
        assert.ok(waited < 12_000, 'seg-0.m4s did not come');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // The ffmpeg this process started to write the scratch file, as the machine's OOM killer would end it.
      const writer = readdirSync('/proc').find((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
          const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').includes(scratch!);
        } catch {
          return false;
        }
      });
      assert.ok(writer, 'the first segment was still being made');
      process.kill(Number(writer), 'SIGKILL');
      await h.deps.render.previews.settled();
    } finally {
      pieces.segment = real;
    }
    const failed = (await h.deps.render.records.latest(doomed.id, 'preview'))!;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.message, 'The preview could not be made. Please try again.');
    assert.match(failed.error ?? '', /ffmpeg/);
    const key = segmentKey(render.plan.profile, render.plan.hashes[0]);
    assert.ok(!(await files.size(key)), 'no half segment in the cache');
    assert.ok(!existsSync(scratch!), 'the scratch file is gone');
    assert.equal(await h.deps.db('render_segments').where({ hash: render.plan.hashes[0] }).first(), undefined);

    // Asked again, it is made again, whole.
    const again = await h.deps.render.previews.request({ video: doomed }, 'hls');
    await playlistWhenDone(again.playback.url);
    assert.ok(await files.size(key));
  });

  it('hides another organization’s video', async () => {
    const stranger = await h.agent(await makeUser(h.deps));
    await stranger.post(`/r/videos/${video.id}/partial_preview`).send({ type: 'hls' }).expect(404);
  });
});
