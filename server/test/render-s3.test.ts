import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startQueue, type Queue } from '../src/jobs/queue.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, insertTestTheme, startWorker, until } from './render-helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';

/**
 * Object storage end to end: a web machine and two render machines, each with its own DATA_DIR, that share nothing
 * but the database and an S3-compatible bucket (s3rver). The smallest render of the render tests (render-jobs).
 */
describe('render over object storage, two workers sharing only the database and the bucket', function () {
  this.timeout(300_000);
  let s3: TestS3;
  let h: Harness;
  let queue: Queue;
  let video: VideoRow;
  const workers: ChildProcess[] = [];
  const dirs: string[] = [];

  before(async () => {
    s3 = await startS3();
    h = await startHarness({ storage: s3.settings });
    const org = (await h.deps.db('organizations').insert({ organization_name: 'Bucket Org' }).returning('id'))[0].id as number;
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5, transitionLength: 0.3 });
    video = await makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 1 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, video, 640, 480);
    await addPhoto(h.deps, video, 480, 640);
    await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    queue = await startQueue(h.database.url);
  });

  after(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await queue?.stop();
    await h?.close();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('renders the HD and web videos with both workers, and the web machine streams them with Range from the bucket', async () => {
    // The photos went to the bucket, not to the web machine's folder.
    assert.equal(existsSync(path.join(h.config.dataDir, 'media')), false);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-render-machine-'));
      dirs.push(dataDir);
      workers.push(await startWorker(h.database.url, dataDir, s3.env));
    }
    // The workers' own schedules (music library, previews, the prune) would compete with this render for the cores.
    await h.deps.db.raw('DELETE FROM pgboss.schedule');
    await queue.send('render.video', { videoId: video.id });
    const web = await until('the web video', 240_000, async () => {
      const hd = await h.deps.render.records.latest(video.id, 'hd');
      if (hd?.status === 'failed') throw new Error(`HD render failed: ${hd.message} ${hd.error}`);
      const row = await h.deps.render.records.latest(video.id, 'web');
      return row && (row.status === 'done' || row.status === 'failed') ? row : undefined;
    });
    assert.equal(web.status, 'done', `${web.message} ${web.error}`);
    const hd = (await h.deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(hd.status, 'done', `${hd.message} ${hd.error}`);

    const tasks = await h.deps.render.records.tasks(hd.id);
    const pids = new Set(tasks.map((t) => t.worker?.split(':').pop()));
    assert.deepEqual([...pids].sort(), workers.map((w) => String(w.pid)).sort(), `both render machines took pieces: ${JSON.stringify(tasks.map((t) => [t.task, t.worker]))}`);

    // Each finished file is in the bucket, and whole.
    const keys = await h.deps.repos.storage.list(`videos/${video.id}/renders`);
    assert.ok(keys.includes(hd.file_key!) && keys.includes(web.file_key!), keys.join(', '));
    const probe = await h.deps.render.ffmpeg.probe(await h.deps.render.files.local(hd.file_key!), true);
    assert.ok(Math.abs(probe.video!.frames - hd.plan.timeline.frames) <= 1, `${probe.video!.frames} of ${hd.plan.timeline.frames} frames`);

    const url = `/downloads/video/${video.video_code}/web.mp4`;
    const whole = await h.request().get(url).responseType('blob').expect(200);
    assert.equal((whole.body as Buffer).length, Number(web.bytes));
    const part = await h.request().get(url).set('Range', 'bytes=100-199').responseType('blob').expect(206);
    assert.equal(part.headers['content-range'], `bytes 100-199/${web.bytes}`);
    assert.deepEqual(part.body, (whole.body as Buffer).subarray(100, 200));
    // The embed page's poster: the cover a render machine drew, from the bucket.
    const poster = await h.request().get(`/videos/embedded_video/${video.video_code}/poster.jpg`).responseType('blob').expect(200);
    assert.equal(poster.headers['content-type'], 'image/jpeg');
    assert.deepEqual(poster.body, await h.deps.repos.storage.read(hd.cover_key!));
    // Nothing of the render was written to the web machine's own media folder.
    assert.equal(existsSync(path.join(h.config.dataDir, 'media')), false);
  });
});

