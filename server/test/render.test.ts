import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { boxes } from '../src/render/compile/fmp4.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import { FPS } from '../src/render/plan/types.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addClip, addPhoto, addSong, addTextSlide, insertTestTheme, regionMean, regionStdDev } from './render-helpers.ts';

const W = 320;
const H = 180;

describe('HD render', function () {
  this.timeout(240_000);
  let h: Harness;
  let video: VideoRow;
  let user: { email: string };
  let render: RenderRow & { plan: RenderPlan };
  let file: string;
  let frames: Buffer;
  const frame = (n: number) => frames.subarray(n * W * H, (n + 1) * W * H);

  before(async () => {
    h = await startHarness();
    const deps = h.deps;
    const org = (await deps.db('organizations').insert({ organization_name: 'Render Org' }).returning('id'))[0].id as number;
    user = await makeUser(deps, { organizationId: org, role: 'org_admin' });
    const themeId = await insertTestTheme(deps);
    video = await makeVideo(deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 2.5, title: 'Render Test' } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(deps, video, 1920, 1280, { slide_caption: 'Summer at the lake', caption_position: '2' });
    await addPhoto(deps, video, 1080, 1440, { border_id: 6, user_set_border: true, overlay_id: 3, user_set_overlay: true });
    await addTextSlide(deps, video, 'Forever loved', { slide_background: 4 });
    await addClip(deps, video, 3, { clip_volume: 100, duck_volume: 30 });
    await addPhoto(deps, video, 1920, 1080, { transition_id: 2, user_set_transition: true });
    await addSong(deps, video, 440, 6);
    await addSong(deps, video, 660, 14, { crossfade: true, volume: 80 });
    await deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    const runner = deps.render.runLocally(2);
    await deps.render.renders.requestHd(video.id);
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    render = (await deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(render.status, 'done', `${render.message} ${render.error}`);
    file = deps.render.files.path(render.file_key!);
    frames = await deps.render.ffmpeg.grayFrames(file, W, H);
  });

  after(async () => {
    await h?.close();
  });

  it('plays everywhere: H.264 High at level 4.0, yuv420p, 30 fps, bt709, AAC-LC 48 kHz stereo, index first', async () => {
    const probe = await h.deps.render.ffmpeg.probe(file);
    assert.deepEqual(
      { ...probe.video, frames: undefined },
      { codec: 'h264', profile: 'High', level: 40, pixelFormat: 'yuv420p', width: 1280, height: 720, frameRate: '30/1', frames: undefined, colorPrimaries: 'bt709', colorTransfer: 'bt709', colorSpace: 'bt709' },
    );
    assert.deepEqual(probe.audio, { codec: 'aac', profile: 'LC', sampleRate: 48000, channels: 2 });
    const top = boxes(readFileSync(file)).map((b) => b.type);
    assert.ok(top.indexOf('moov') < top.indexOf('mdat'), `moov first: ${top.join(' ')}`);
  });

  it('lasts the planned duration within one frame', async () => {
    const planned = render.plan.timeline.frames;
    assert.equal(planned, Math.round((1.5 + 2.5 * 3 + 3 + 2.5 + 1.5) * FPS));
    const probe = await h.deps.render.ffmpeg.probe(file, true);
    assert.ok(Math.abs(probe.video!.frames - planned) <= 1, `${probe.video!.frames} frames, planned ${planned}`);
    assert.ok(Math.abs(probe.duration - planned / FPS) <= 1 / FPS + 0.03, `${probe.duration} s`);
    assert.equal(frames.length / (W * H), probe.video!.frames);
  });

  it('brings the sound to -16 LUFS with true peaks at or below -1 dBTP', async () => {
    const loudness = await h.deps.render.ffmpeg.loudness(file);
    assert.ok(Math.abs(loudness.integrated + 16) <= 1, `integrated ${loudness.integrated} LUFS`);
    assert.ok(loudness.truePeak <= -1, `true peak ${loudness.truePeak} dBTP`);
  });

  it('shows the caption on its photo', () => {
    const cover = render.plan.timeline.segments.find((s) => s.visual.kind === 'photo')!;
    const f = frame(cover.start + Math.floor(cover.frames / 2));
    // The caption sits centred near the bottom: text on a dark plate makes the band busy; the sky above is smooth.
    const band = regionStdDev(f, W, 110, 146, 100, 14);
    const sky = regionStdDev(f, W, 200, 20, 100, 14);
    assert.ok(band > 25 && band > 3 * sky, `caption band ${band.toFixed(1)}, sky ${sky.toFixed(1)}`);
  });

  it('plays the clip’s moving pictures while the clip slide is on', () => {
    const clip = render.plan.timeline.segments.find((s) => s.visual.kind === 'clip')!;
    const text = render.plan.timeline.segments.find((s) => s.visual.kind === 'text')!;
    const change = (start: number) => {
      const a = frame(start);
      const b = frame(start + 12);
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
      return sum / a.length;
    };
    const clipChange = change(clip.start + 10);
    const textChange = change(text.start + 5);
    assert.ok(clipChange > 4 && textChange < 1, `clip ${clipChange.toFixed(2)}, text slide ${textChange.toFixed(2)}`);
  });

  it('has no black frame except where the transition through black was chosen', () => {
    const fade = render.plan.timeline.segments.find((s) => s.transition?.name === 'fadeblack')!;
    const from = fade.start + fade.frames - fade.transition!.frames;
    const to = fade.start + fade.frames;
    let blackInFade = 0;
    for (let n = 0; n < frames.length / (W * H); n++) {
      const black = regionMean(frame(n), W, 0, 0, W, H) < 22;
      if (black) assert.ok(n >= from && n < to, `black frame ${n} outside the fade ${from}..${to}`);
      if (black) blackInFade++;
    }
    assert.ok(blackInFade > 0, 'the fade through black reaches black');
  });

  it('makes the web video, the cover image and the snapshot', async () => {
    const web = await h.deps.render.records.latest(video.id, 'web');
    assert.equal(web?.status, 'done');
    const probe = await h.deps.render.ffmpeg.probe(h.deps.render.files.path(web!.file_key!));
    assert.deepEqual([probe.video?.width, probe.video?.height, probe.audio?.codec], [854, 480, 'aac']);
    assert.ok(await h.deps.render.files.size(render.cover_key!));
    // The snapshot is the middle frame of the first photo, its transition out (a tail) included, read from the
    // segment that holds it beside the join: the file's frame.
    const first = render.plan.timeline.segments.find((s) => s.visual.kind === 'photo')!;
    const tail = render.plan.timeline.segments[first.index + 1];
    assert.equal(tail.tail, true);
    const at = first.start + Math.floor((first.frames + tail.frames) / 2);
    const shot = await sharp(h.deps.render.files.path(render.snapshot_key!)).resize(W, H, { fit: 'fill' }).grayscale().raw().toBuffer();
    const difference = (n: number) => frame(n).reduce((sum, v, i) => sum + Math.abs(v - shot[i]), 0) / (W * H);
    const near = difference(at);
    const others = render.plan.timeline.segments.filter((s) => s !== first && !s.tail).map((s) => difference(s.start + Math.floor(s.frames / 2)));
    assert.ok(near < 3 && others.every((d) => d > 3 * near), `snapshot against its frame ${near.toFixed(2)}, against other slides ${others.map((d) => d.toFixed(1)).join(', ')}`);
    const row = await h.deps.repos.videos.findById(video.id);
    assert.equal(row?.finished, true);
    assert.equal(Number(row?.hd_size), render.bytes);
  });

  it('serves the HD file with HTTP Range to people who may see the video, and the web video by its code', async () => {
    const agent = await h.agent(user);
    const part = await agent.get(`/downloads/video/${video.video_code}/hd.mp4`).set('Range', 'bytes=0-99').expect(206);
    assert.equal(part.headers['content-range'], `bytes 0-99/${render.bytes}`);
    await h.request().get(`/downloads/video/${video.video_code}/hd.mp4`).expect(404);
    await h.request().get(`/downloads/video/${video.video_code}/web.mp4`).set('Range', 'bytes=0-9').expect(206);
    const status = await agent.get(`/r/videos/${video.id}/check_generation_status`).expect(200);
    assert.deepEqual(status.body, { complete: 100, message: 'Complete' });
  });

  it('renders nothing when an unchanged video is asked for again', async () => {
    const before = await h.deps.db('renders').where({ video_id: video.id }).count<{ count: string }[]>('* as count').first();
    const runner = h.deps.render.runLocally(2);
    await h.deps.render.renders.requestHd(video.id);
    await runner.idle();
    const after = await h.deps.db('renders').where({ video_id: video.id }).count<{ count: string }[]>('* as count').first();
    assert.equal(after?.count, before?.count);
  });

  it('re-renders only the segments a slide edit changed', async () => {
    const text = render.plan.timeline.segments.find((s) => s.visual.kind === 'text')!;
    await h.deps.db('slides').where({ id: text.visual.slideId! }).update({ slide_caption: 'Forever in our hearts' });
    // Each HD segment is cached with its piece of the web video, the sound with the web's sound.
    const count = async (profile: string) => Number((await h.deps.db('render_segments').where({ profile }).count<{ count: string }[]>('* as count').first())?.count);
    const cached = { hd: await count('hd'), web: await count('hd-web') };
    const runner = h.deps.render.runLocally(2);
    await h.deps.render.renders.requestHd(video.id);
    await runner.idle();
    const next = (await h.deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(next.status, 'done');
    const changed = next.plan.hashes.filter((hash, i) => hash !== render.plan.hashes[i]);
    // The text slide's own segment and the two transitions (tails, made apart) that show it: the slide before it
    // is taken from the cache up to its transition.
    assert.deepEqual(changed, [text.index - 1, text.index, text.index + 1].map((i) => next.plan.hashes[i]));
    assert.equal(next.plan.timeline.segments[text.index - 1].tail, true);
    assert.equal(next.plan.timeline.segments[text.index + 1].tail, true);
    assert.equal((await count('hd')) - cached.hd, 3);
    assert.equal((await count('hd-web')) - cached.web, 3);
    // Cached segments are taken at once, without a job each: only the three changed ones ever ran.
    const ran = await h.deps.db('render_tasks').where({ render_id: next.id }).whereLike('task', 'segment:%').where('attempts', '>', 0).pluck('task');
    assert.equal(ran.length, 3);
  });

  it('looks a cached render\'s pieces up together: its join waits for one round of look-ups, not one per segment', async () => {
    const before = (await h.deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    const files = h.deps.render.files;
    const size = files.size;
    let inFlight = 0;
    let most = 0;
    files.size = async (key) => {
      most = Math.max(most, ++inFlight);
      try {
        return await size.call(files, key);
      } finally {
        inFlight--;
      }
    };
    let touches = 0;
    const onQuery = (query: { sql: string }) => void (/^update "render_segments"/.test(query.sql) && touches++);
    h.deps.db.on('query', onQuery);
    try {
      // Made again as it is (the admin's resubmit): every piece is in the cache, only the joins run.
      const runner = h.deps.render.runLocally(2);
      await h.deps.render.renders.resubmitHd(video.id);
      await runner.idle();
      assert.deepEqual(runner.errors, []);
    } finally {
      files.size = size;
      h.deps.db.off('query', onQuery);
    }
    const next = (await h.deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.notEqual(next.id, before.id);
    assert.equal(next.status, 'done');
    assert.ok(most > 1, `one look-up at a time (${before.plan.hashes.length} segments)`);
    // Marked used when the render takes them, by its join (the segments, then the sound), when it is done and by the
    // web video's join: five updates, where the join alone made one for each segment.
    assert.ok(touches <= 5, `${touches} updates of the segment cache for ${before.plan.hashes.length} segments`);
    assert.ok(readFileSync(h.deps.render.files.path(next.file_key!)).equals(readFileSync(h.deps.render.files.path(before.file_key!))), 'the same file');
  });
});

describe('HD render of a damaged clip', function () {
  this.timeout(120_000);
  let h: Harness;

  after(async () => {
    await h?.close();
  });

  it('stops after three tries with a message naming the slide, for the user and the admin', async () => {
    h = await startHarness();
    const deps = h.deps;
    const org = (await deps.db('organizations').insert({ organization_name: 'Damaged Org' }).returning('id'))[0].id as number;
    const admin = await makeUser(deps, { organizationId: org, role: 'super' });
    const themeId = await insertTestTheme(deps, { introLength: 0.5, outroLength: 0.5 });
    const video = await makeVideo(deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 1.5 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(deps, video, 800, 600);
    const clip = await addClip(deps, video, 2);
    await deps.repos.storage.write(clip.orig_path!, Buffer.from('this is not a video any more'));
    await deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    const runner = deps.render.runLocally(2);
    await deps.render.renders.requestHd(video.id);
    await runner.idle();
    const render = await deps.render.records.latest(video.id, 'hd');
    const message = 'Slide 2 (a video clip) could not be read. Please replace it and finalize again.';
    assert.deepEqual([render?.status, render?.message], ['failed', message]);
    const tasks = await deps.render.records.tasks(render!.id);
    assert.ok(tasks.some((t) => t.state === 'failed' && t.attempts === 3), JSON.stringify(tasks));
    const agent = await h.agent(admin);
    const status = await agent.get(`/r/videos/${video.id}/check_generation_status`).expect(200);
    assert.deepEqual(status.body, { complete: 0, message, failed: true });
    const detail = await agent.get(`/r/videos/${video.id}/check_generation_status?stage=admin`).expect(200);
    assert.match(detail.body.stages.hd.detail, /ffmpeg exited/);
  });
});
