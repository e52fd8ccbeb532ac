import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import { runTool } from '../src/repositories/run-tool.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addClip, addPhoto, addSong, addTextSlide, insertTestTheme } from './render-helpers.ts';
import { itemSegments } from '../src/render/plan/types.ts';

/** A stock song made after it was added to the video: the video's song row still holds length 0, as the seed's do. */
async function addStockSongMadeLater(h: Harness, video: VideoRow, seconds: number): Promise<void> {
  const file = path.join(os.tmpdir(), `stock-tone-${process.pid}-${video.id}.m4a`);
  await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=523:sample_rate=48000:duration=${seconds}`, '-ac', '2', '-c:a', 'aac', file], 60_000);
  const key = `stock_songs/${video.id}/tone.m4a`;
  await h.deps.repos.storage.write(key, await readFile(file));
  const [stock] = await h.deps.db('stock_songs').insert({ song_name: 'Tone', song_length: 0 }).returning<{ id: number }[]>('id');
  await h.deps.db('songs').insert({ video_id: video.id, position: 0, stock_song_id: stock.id, title: 'Tone', song_length: 0 });
  await h.deps.db('stock_songs').where({ id: stock.id }).update({ file_path: key, song_length: seconds });
}

describe('video length', function () {
  this.timeout(240_000);
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => {
    await h?.close();
  });

  it('the music page shows the length of the HD file the engine renders, within 0.1 s', async () => {
    const { deps } = h;
    const org = (await deps.db('organizations').insert({ organization_name: 'Length Org' }).returning('id'))[0].id as number;
    const user = await makeUser(deps, { organizationId: org, role: 'org_admin' });
    const themeId = await insertTestTheme(deps, { introLength: 1.2, outroLength: 1.1, transitionLength: 0.5 });
    const video = await makeVideo(deps, { organization_id: org, theme_id: themeId, automatic_timing: true, title: 'Length Test' } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(deps, video, 1600, 1067);
    await addPhoto(deps, video, 900, 1200, { user_set_slide_time: true, slide_time: 2.3 });
    await addTextSlide(deps, video, 'Always loved');
    await addClip(deps, video, 2.5, { clip_start: 0.4, clip_end: 2.1 });
    await addPhoto(deps, video, 1200, 1200);
    await addStockSongMadeLater(h, video, 11.3);
    await addSong(deps, video, 440, 7.9, { position: 1, crossfade: true });

    const agent = await h.agent(user);
    const { timing } = (await agent.get(`/r/songs/song_list/${video.id}`).expect(200)).body as { timing: { video: number; music: number } };

    await deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    const runner = deps.render.runLocally(2);
    await deps.render.renders.requestHd(video.id);
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    const render = (await deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(render.status, 'done', `${render.message} ${render.error}`);
    assert.ok(render.plan.timeline.segments.some((s) => s.transition !== null), 'slides are joined by transitions');
    assert.deepEqual(
      itemSegments(render.plan.timeline).map((s) => s.visual.kind),
      ['intro', 'photo', 'photo', 'text', 'clip', 'photo', 'outro'],
    );
    const probe = await deps.render.ffmpeg.probe(deps.render.files.path(render.file_key!));
    assert.ok(Math.abs(probe.duration - timing.video) <= 0.1, `the page says ${timing.video} s, the HD file lasts ${probe.duration} s`);
    // The stock song counts with the length of its audio, though the video's song row still holds 0.
    assert.ok(Math.abs(timing.music - (11.3 + 7.9 - 4)) < 0.01, `music ${timing.music} s`);
  });
});
