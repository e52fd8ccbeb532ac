/**
 * The DVD disc image of the benchmark tribute (the ten-minute one of scripts/bench/render.ts): its HD video is made
 * first by two `npm run worker` processes, then the disc is made three times over by the 'dvd.build' job (the
 * admin's Rebuild DVD), and the median is printed beside the goal:
 * - seconds from asking for the disc, with the HD file in place, to the checked ISO being published (goal < 90 s);
 * - the ISO's size, its video rate and chapters.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/dvd.ts [photos]
 *
 * Without DATABASE_URL an embedded PostgreSQL is started. The rendered segments are kept in
 * ~/.cache/tribute/bench/dvd-data, so only the first run pays for the whole HD render.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { createDeps, type Deps } from '../../server/src/deps.ts';
import type { DvdRender } from '../../server/src/dvd/dvd.service.ts';
import { readDisc } from '../../server/src/dvd/validate.ts';
import { startQueue } from '../../server/src/jobs/queue.ts';
import type { RenderKind, RenderRow } from '../../server/src/repositories/render-record.repository.ts';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';
import { startWorker } from '../../server/test/render-helpers.ts';
import { benchTribute } from './lib/tribute.ts';

const count = Number(process.argv[2] ?? 100);
const RUNS = 3;
const GOAL_SECONDS = 90;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function waitFor(deps: Deps, videoId: number, kind: RenderKind, after: number): Promise<RenderRow> {
  for (;;) {
    const row = await deps.render.records.latest(videoId, kind);
    if (row && row.id > after && (row.status === 'done' || row.status === 'failed')) {
      if (row.status === 'failed') throw new Error(`${kind} failed: ${row.message} ${row.error}`);
      return row;
    }
    await sleep(200);
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const dataDir = path.join(os.homedir(), '.cache', 'tribute', 'bench', 'dvd-data');
  mkdirSync(dataDir, { recursive: true });
  const workers: ChildProcess[] = [];
  const queue = await startQueue(database.url);
  try {
    const deps = createDeps(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench' }), database.db, queue);
    // A fresh database numbers the video and its slides as before: what an earlier run left under them goes first.
    rmSync(deps.repos.storage.resolve('videos'), { recursive: true, force: true });
    const { videoId } = await benchTribute(deps, database.db, count);
    for (let i = 0; i < 2; i++) workers.push(await startWorker(database.url, dataDir, { RENDER_CONCURRENCY: '1' }));
    // The workers' schedules (music library, previews, pruning) would only compete with the renders for the cores.
    await database.db.raw('DELETE FROM pgboss.schedule');
    await database.db('videos').where({ id: videoId }).update({ date_in_queue: new Date() });
    console.log('Making the HD video ...');
    await queue.send('render.video', { videoId });
    const hd = await waitFor(deps, videoId, 'hd', 0);
    // The web video follows the HD one; it is left to finish so it does not share the cores with the disc.
    await waitFor(deps, videoId, 'web', 0);
    console.log(`HD video: ${(hd.duration! / 60).toFixed(1)} minutes\n`);

    const seconds: number[] = [];
    let last: DvdRender | undefined;
    for (let run = 1; run <= RUNS; run++) {
      const started = performance.now();
      const requested = await deps.dvd.request(videoId, true);
      last = (await waitFor(deps, videoId, 'dvd', requested.id - 1)) as DvdRender;
      seconds.push((performance.now() - started) / 1000);
      console.log(`  run ${run}: ${seconds.at(-1)!.toFixed(1)} s`);
    }
    const disc = last!;
    const titles = await readDisc(deps.render.files.path(disc.file_key!));
    const plan = disc.dvd_plan!;
    const bytes = Number(disc.bytes);
    const took = median(seconds);
    console.log(`\nDVD of a ${(plan.duration / 60).toFixed(1)}-minute tribute (${plan.standard.toUpperCase()}, ${plan.videoKbps} kbit/s video, ${plan.chapters.length} chapters):`);
    console.log(`  seconds after the HD file exists, median of ${RUNS}: ${took.toFixed(1)} s (goal under ${GOAL_SECONDS} s: ${took < GOAL_SECONDS ? 'met' : 'NOT met'})`);
    console.log(`  ISO size: ${(bytes / 1024 / 1024).toFixed(1)} MB (${((bytes * 8) / plan.duration / 1e6).toFixed(2)} Mbit/s in all)`);
    console.log(`  lsdvd: ${titles.length} title of ${titles[0]?.length.toFixed(2)} s (HD ${hd.duration!.toFixed(2)} s), ${titles[0]?.chapters.length} chapters`);
    console.log(`  (${os.cpus().length} cores${os.loadavg()[0] > os.cpus().length ? `, load ${os.loadavg()[0].toFixed(1)}: a busy machine` : ''})`);
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await queue.stop();
    await database.drop();
    await stopEmbedded();
    rmSync(path.join(dataDir, 'media', 'videos'), { recursive: true, force: true });
  }
}

await main();
process.exit(0);
