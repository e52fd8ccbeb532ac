import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { startQueue, type Queue } from '../src/jobs/queue.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow, TaskRow } from '../src/repositories/render-record.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, insertTestTheme, startWorker } from './render-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('render jobs across worker processes', function () {
  this.timeout(240_000);
  let h: Harness;
  let queue: Queue;
  let video: VideoRow;
  const workers: ChildProcess[] = [];

  before(async () => {
    h = await startHarness();
    const org = (await h.deps.db('organizations').insert({ organization_name: 'Crash Org' }).returning('id'))[0].id as number;
    const themeId = await insertTestTheme(h.deps, { introLength: 1, outroLength: 1 });
    video = await makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 4 } as Partial<VideoRow> & { organization_id: number });
    for (let i = 0; i < 3; i++) await addPhoto(h.deps, video, 1920, 1280, { slide_caption: `Photo ${i + 1}` });
    await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    queue = await startQueue(h.database.url);
  });

  after(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await queue?.stop();
    await h?.close();
  });

  it('finishes with exactly one output after a worker is killed mid-render', async () => {
    const first = await startWorker(h.database.url, h.config.dataDir);
    workers.push(first);
    // The workers' own schedules (music library, previews) would only compete with this render for the cores.
    await h.deps.db.raw('DELETE FROM pgboss.schedule');
    await queue.send('render.video', { videoId: video.id });
    const running = await until('a segment in progress on the first worker', 60_000, async () => {
      const render = await h.deps.render.records.latest(video.id, 'hd');
      if (!render) return undefined;
      const tasks = await h.deps.render.records.tasks(render.id);
      return tasks.find((t) => t.task === 'segment:1' && t.state === 'running' && t.worker?.endsWith(`:${first.pid}`));
    });
    first.kill('SIGKILL');
    workers.push(await startWorker(h.database.url, h.config.dataDir));
    const render = await until('the render to finish', 200_000, async () => {
      const row = await h.deps.render.records.latest(video.id, 'hd');
      return row && (row.status === 'done' || row.status === 'failed') ? row : undefined;
    });
    assert.equal(render.status, 'done', `${render.message} ${render.error}`);
    const tasks = await h.deps.render.records.tasks(render.id);
    const retried = tasks.find((t: TaskRow) => t.task === running.task)!;
    assert.equal(retried.state, 'done');
    assert.equal(retried.attempts, 2);
    assert.ok(!retried.worker?.endsWith(`:${first.pid}`), 'the second worker finished it');
    assert.equal(Number((await h.deps.db('renders').where({ video_id: video.id, kind: 'hd' }).count<{ count: string }[]>('* as count').first())?.count), 1);
    const folder = h.deps.render.files.path(`videos/${video.id}/renders/${render.id}`);
    assert.deepEqual(readdirSync(folder).filter((f) => f.endsWith('.mp4')), ['hd.mp4']);
    const probe = await h.deps.render.ffmpeg.probe(h.deps.render.files.path(render.file_key!), true);
    const planned = (render as RenderRow & { plan: RenderPlan }).plan.timeline.frames;
    assert.ok(Math.abs(probe.video!.frames - planned) <= 1, `${probe.video!.frames} of ${planned} frames`);
  });
});
