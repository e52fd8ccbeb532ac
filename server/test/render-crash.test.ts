import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startQueue, type Queue } from '../src/jobs/queue.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow, TaskRow } from '../src/repositories/render-record.repository.ts';
import { isTempName } from '../src/repositories/temp-files.ts';
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

/** Temporary files under a folder (relative paths), however deep. */
function temporaries(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((e) => e.isFile() && isTempName(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** A temporary file a worker process is writing under a folder (its pid is in the name). */
const temporaryOf = (root: string, pid: number): string | undefined => temporaries(root).find((f) => f.includes(`-${pid}-`));

describe('render jobs across worker processes', function () {
  this.timeout(540_000); // the render, the web video and, when its authoring was cut, the DVD job after its hold
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

  it('finishes with exactly one output and no temporary files after workers are killed mid-segment and at the web video', async () => {
    const first = await startWorker(h.database.url, h.config.dataDir);
    workers.push(first);
    // The workers' own schedules (music library, previews, the prune) would compete with this render for the cores,
    // and the prune's sweep would hide whether the retried jobs clean up after the dead worker themselves.
    await h.deps.db.raw('DELETE FROM pgboss.schedule');
    await h.deps.db.raw("DELETE FROM pgboss.job WHERE name IN ('library.prepare', 'render.prune') AND state IN ('created', 'retry')");
    await queue.send('render.video', { videoId: video.id });
    const cache = h.deps.render.files.path('render-cache');
    const media = h.deps.render.files.path(`videos/${video.id}`);
    const running = await until('a segment being written by the first worker', 60_000, async () => {
      const render = await h.deps.render.records.latest(video.id, 'hd');
      if (!render || !temporaryOf(cache, first.pid!)) return undefined;
      const tasks = await h.deps.render.records.tasks(render.id);
      return tasks.find((t) => t.task.startsWith('segment:') && t.state === 'running' && t.worker?.endsWith(`:${first.pid}`));
    });
    first.kill('SIGKILL');
    const second = await startWorker(h.database.url, h.config.dataDir);
    workers.push(second);
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

    // The web video follows on the second worker. Since render-3 it is only a join of pieces the HD segments made in
    // the same pass (those were covered by the kill mid-segment above), too short to catch while it writes: the
    // worker is killed as soon as the web render is planned, and a third worker makes it.
    await until('the web render to be planned', 60_000, async () => (await h.deps.render.records.latest(video.id, 'web')) ?? undefined);
    second.kill('SIGKILL');
    workers.push(await startWorker(h.database.url, h.config.dataDir));
    const web = await until('the web video to finish', 200_000, async () => {
      const row = await h.deps.render.records.latest(video.id, 'web');
      return row && (row.status === 'done' || row.status === 'failed') ? row : undefined;
    });
    assert.equal(web.status, 'done', `${web.message} ${web.error}`);
    const webFolder = h.deps.render.files.path(`videos/${video.id}/renders/${web.id}`);
    assert.deepEqual(readdirSync(webFolder), ['web.mp4']);
    assert.ok((await h.deps.render.ffmpeg.probe(path.join(webFolder, 'web.mp4'))).duration > 0);
    // The second worker authored the disc right after it joined the HD file (afterHd) and may have been killed while it
    // wrote the image: the disc's own job takes over once that worker's hold has expired (dvdExpiry, under a minute
    // for this video) and sweeps the image it left. Waited for, so what is checked below is after every retry.
    const dvd = await until('the DVD image to be made', 200_000, async () => {
      const row = await h.deps.render.records.latest(video.id, 'dvd');
      return row && (row.status === 'done' || row.status === 'failed') ? row : undefined;
    });
    assert.equal(dvd.status, 'done', `${dvd.message} ${dvd.error}`);
    // What the killed workers were writing was swept by the jobs retried after them.
    assert.deepEqual(temporaries(media), []);
    // A library preparation the schedule started before it was removed may have been killed with a worker too: its
    // clips' pieces (showcase/) are swept when that clip is made again or by the prune, not by the render's jobs.
    assert.deepEqual(temporaries(cache).filter((f) => !f.startsWith(`showcase${path.sep}`)), []);
    const scratch = readdirSync(os.tmpdir()).filter((name) => name.startsWith('tribute-') && [first.pid, second.pid].some((pid) => name.includes(`-${pid}-`)));
    assert.deepEqual(scratch, [], 'nor their scratch folders');
  });
});
