import assert from 'node:assert/strict';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { HEARTBEAT } from '../src/services/render.service.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, insertTestTheme } from './render-helpers.ts';

/** A piece that runs longer than its hold on a loaded machine stays its worker's while the worker is alive. */
describe('render pieces renew their hold while they run', function () {
  this.timeout(120_000);
  let h: Harness;
  let video: VideoRow;
  const saved = HEARTBEAT.maxSeconds;

  before(async () => {
    h = await startHarness();
    HEARTBEAT.maxSeconds = 0.1;
    const org = (await h.deps.db('organizations').insert({ organization_name: 'Heartbeat Org' }).returning('id'))[0].id as number;
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5, transitionLength: 0.3 });
    // Long slides, so one segment's encoding outlasts what the test does while it runs.
    video = await makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 6 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, video, 1600, 1200);
    await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
  });
  after(async () => {
    HEARTBEAT.maxSeconds = saved;
    await h?.close();
  });

  it('keeps a running segment held past its first hold, so a second delivery neither runs it nor counts an attempt', async () => {
    h.deps.render.useSender(async () => undefined);
    await h.deps.render.renders.requestHd(video.id);
    const render = (await h.deps.render.records.latest(video.id, 'hd'))!;
    const frames = (render.plan as { timeline: { segments: { frames: number }[] } }).timeline.segments.map((s) => s.frames);
    const index = frames.indexOf(Math.max(...frames));
    const task = `segment:${index}`;
    const row = () => h.deps.db('render_tasks').where({ render_id: render.id, task }).first();

    let settled = false;
    const running = h.deps.render.renders.segment(render.id, index).finally(() => (settled = true));
    while ((await row())?.state !== 'running') await new Promise((r) => setTimeout(r, 10));
    // The hold runs out while the worker is still encoding (as when a loaded machine makes a piece outrun its expiry).
    await h.deps.db('render_tasks').where({ render_id: render.id, task }).update({ running_until: new Date(Date.now() - 1000) });
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(settled, false, 'the segment was still encoding when the hold was checked');
    assert.ok((await row()).running_until > new Date(), 'the running worker renewed its hold');
    await h.deps.render.renders.segment(render.id, index);
    assert.equal((await row()).attempts, 1, 'the second delivery left the piece to its worker');

    await running;
    const done = await row();
    assert.equal(done.state, 'done');
    assert.equal(done.running_until, null);
    assert.equal(done.attempts, 1);
  });
});
