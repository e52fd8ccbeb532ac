import assert from 'node:assert/strict';
import type PgBoss from 'pg-boss';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { assembleExpiry, audioExpiry, RESEND_AFTER_S, segmentExpiry, webExpiry } from '../src/services/render.service.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, insertTestTheme } from './render-helpers.ts';

interface Sent {
  name: string;
  data: { renderId?: number; index?: number; videoId?: number };
  options?: PgBoss.SendOptions;
}

describe('render jobs sent twice', function () {
  this.timeout(120_000);
  let h: Harness;
  let video: VideoRow;
  let render: RenderRow & { plan: RenderPlan };
  const sent: Sent[] = [];
  const record = () =>
    h.deps.render.useSender(async (name, data, options) => {
      sent.push({ name, data: data as Sent['data'], options });
    });
  const hdCount = async () => Number((await h.deps.db('renders').where({ video_id: video.id, kind: 'hd' }).count<{ count: string }[]>('* as count').first())?.count);
  const attempts = async () =>
    Object.fromEntries((await h.deps.render.records.tasks(render.id)).map((t) => [t.task, t.attempts]));

  before(async () => {
    h = await startHarness();
    const org = (await h.deps.db('organizations').insert({ organization_name: 'Twice Org' }).returning('id'))[0].id as number;
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5, transitionLength: 0.3 });
    video = await makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 1 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, video, 640, 480);
    await addPhoto(h.deps, video, 480, 640);
    await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
  });

  after(async () => {
    await h?.close();
  });

  it('makes one HD render when two jobs plan the same video at once', async () => {
    record();
    await Promise.all([h.deps.render.renders.requestHd(video.id), h.deps.render.renders.requestHd(video.id)]);
    assert.equal(await hdCount(), 1);
    render = (await h.deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    const segments = sent.filter((s) => s.name === 'render.segment').map((s) => s.data.index);
    assert.deepEqual(segments, render.plan.hashes.map((_, i) => i), 'each segment sent once');
    assert.equal(sent.filter((s) => s.name === 'render.audio').length, 1);
    // The database itself refuses a second HD render in progress.
    await assert.rejects(h.deps.db('renders').insert({ video_id: video.id, kind: 'hd', hash: 'other', status: 'rendering' }), /renders_one_active_per_video/);
  });

  it('sends each piece with an expiry near its real run time, so a dead worker’s piece is retried within about a minute', () => {
    for (const s of sent.filter((x) => x.name === 'render.segment')) {
      assert.equal(s.options?.expireInSeconds, segmentExpiry(render.plan.timeline.segments[s.data.index!].frames));
    }
    const audio = sent.find((s) => s.name === 'render.audio')!;
    assert.equal(audio.options?.expireInSeconds, audioExpiry(render.plan.timeline.duration));
    // A two-minute tribute: every piece is given up on and retried within two minutes, most within one.
    for (const expiry of [audioExpiry(120), assembleExpiry(120), webExpiry(120), segmentExpiry(8 * 30)]) assert.ok(expiry <= 120, `${expiry} s`);
    for (const expiry of [audioExpiry(120), assembleExpiry(120), segmentExpiry(5 * 30)]) assert.ok(expiry <= 60, `${expiry} s`);
  });

  it('sends nothing again and counts no attempt when the video is finalized again while it renders', async () => {
    // A worker is on segment 0; every other job waits in the queue.
    assert.equal(await h.deps.render.records.startTask(render.id, 'segment:0', 'other-worker', 60), 1);
    sent.length = 0;
    await h.deps.render.renders.requestHd(video.id);
    await h.deps.render.renders.resume(render);
    assert.deepEqual(sent, [], 'nothing queued or running is sent again');
    // Were a duplicate delivered anyway, it would neither run nor count.
    await h.deps.render.renders.segment(render.id, 0);
    assert.equal((await attempts())['segment:0'], 1);
    assert.equal((await h.deps.render.records.tasks(render.id)).find((t) => t.task === 'segment:0')?.worker, 'other-worker');
    assert.equal(await hdCount(), 1);
  });

  it('sends a lost piece again later and counts only the run that died', async () => {
    // The worker on segment 0 died and its hold ran out; the jobs were sent long ago (lost with a restore, say).
    await h.deps.db('render_tasks').where({ render_id: render.id }).update({ sent_at: new Date(Date.now() - (RESEND_AFTER_S + 60) * 1000) });
    await h.deps.db('render_tasks').where({ render_id: render.id, task: 'segment:0' }).update({ running_until: new Date(Date.now() - 1000) });
    const runner = h.deps.render.runLocally(2);
    await h.deps.render.renders.resume(render);
    await h.deps.render.renders.requestHd(video.id);
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    const done = await h.deps.render.records.find(render.id);
    assert.equal(done?.status, 'done', `${done?.message} ${done?.error}`);
    const counted = await attempts();
    assert.equal(counted['segment:0'], 2, 'the run that died and the one that finished');
    for (const [task, n] of Object.entries(counted)) if (task !== 'segment:0') assert.equal(n, 1, `${task}: ${JSON.stringify(counted)}`);
    assert.equal(await hdCount(), 1);
    assert.equal((await h.deps.repos.videos.findById(video.id))?.finished, true);
    assert.equal((await h.deps.render.records.latest(video.id, 'web'))?.status, 'done');
  });

  it('still finishes the video and makes its web video when the worker died right after the join', async () => {
    // The join marked the render done; the worker died before marking the video finished and queueing the web video.
    await h.deps.db('renders').where({ video_id: video.id, kind: 'web' }).delete();
    await h.deps.db('videos').where({ id: video.id }).update({ finished: false, hd_size: null });
    await h.deps.db('render_tasks').where({ render_id: render.id, task: 'assemble' }).update({ state: 'running', running_until: null });
    await h.deps.db('renders').where({ id: render.id }).update({ finished_at: new Date(Date.now() - 120_000) });
    assert.deepEqual(await h.deps.render.records.doneButUnfinished(10), [video.id], 'the watchdog finds it too');
    const runner = h.deps.render.runLocally(2);
    // pg-boss delivers the expired join again.
    await h.deps.render.renders.assemble(render.id);
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    const row = await h.deps.repos.videos.findById(video.id);
    assert.equal(row?.finished, true);
    assert.ok(Number(row?.hd_size) > 0);
    const webs = await h.deps.db('renders').where({ video_id: video.id, kind: 'web' }).select('status');
    assert.deepEqual(webs.map((w) => w.status), ['done']);
    assert.equal((await h.deps.render.records.tasks(render.id)).find((t) => t.task === 'assemble')?.state, 'done');
    assert.deepEqual(await h.deps.render.records.doneButUnfinished(10), []);
    // A second delivery changes nothing.
    await h.deps.render.renders.assemble(render.id);
    await runner.idle();
    assert.equal(Number((await h.deps.db('renders').where({ video_id: video.id, kind: 'web' }).count<{ count: string }[]>('* as count').first())?.count), 1);
    assert.equal(await hdCount(), 1);
  });
});
