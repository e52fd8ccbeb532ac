/**
 * How fast uploaded photos become slides the grid can show: 100 twelve-megapixel JPEGs whose last bytes have
 * arrived (stored and hashed, as the upload's finish step leaves them) are queued as `slides.process` jobs and
 * worked by this process's real job workers (pg-boss, two at a time). Three runs, each on fresh slides; prints
 * per run the seconds until every slide is ready (its thumbnail and square made and announced: what the grid
 * polls and the live event says) and until every big image is made, the CPU seconds this process used (sharp's
 * threads included, PostgreSQL's not), the load average, and the median beside the goal.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/upload-processing.ts [count] [runs]
 *
 * Without DATABASE_URL an embedded PostgreSQL is started. The photos are generated once and kept in
 * ~/.cache/tribute/bench, keyed by the generator version.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { link } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { createDeps, type Deps } from '../../server/src/deps.ts';
import { jobHandlers } from '../../server/src/jobs/handlers.ts';
import { startQueue } from '../../server/src/jobs/queue.ts';
import { editParamsOf, editVersion } from '../../server/src/media/image-recipe.ts';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';
import { BENCH_HEIGHT as HEIGHT, BENCH_WIDTH as WIDTH, benchPhotos } from './lib/photos.ts';

const GOAL_SECONDS = 8;
const count = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);
const load = (): string => os.loadavg().map((n) => n.toFixed(1)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Run {
  thumbnails: number;
  bigs: number;
  /** CPU seconds until every thumbnail was ready, and until every big image was made. */
  thumbnailCpu: number;
  cpu: number;
  peakRss: number;
}

/** Slides as the upload's finish step leaves them: original stored, hashed, pending; no job sent yet. */
async function pendingSlides(deps: Deps, sources: string[], hashes: string[], run: number): Promise<{ videoId: number; ids: number[] }> {
  const db = deps.db;
  const [video] = await db('videos').insert({ video_code: `bench-${run}`, security_hash: `bench-${run}` }).returning('id');
  const ids: number[] = [];
  for (const [index, source] of sources.entries()) {
    const [{ id }] = await db('slides')
      .insert({ video_id: video.id, position: index, orig_filename: path.basename(source), processing_state: 'pending' })
      .returning('id');
    const key = `videos/${video.id}/slides/${id}/original.jpg`;
    mkdirSync(path.dirname(deps.repos.storage.resolve(key)), { recursive: true });
    await link(source, deps.repos.storage.resolve(key));
    await db('slides').where({ id }).update({ orig_path: key, mime: 'image/jpeg', sha256: hashes[index], bytes: readFileSync(source).length });
    ids.push(id);
  }
  return { videoId: video.id, ids };
}

async function measure(deps: Deps, videoId: number, ids: number[]): Promise<Run> {
  const db = deps.db;
  const rows = await db('slides').whereIn('id', ids).select('*');
  // Where each slide's big image will be, named as slide-media.service.ts names it.
  const bigFiles = rows.map((row) => deps.repos.storage.resolve(`videos/${videoId}/slides/${row.id}/derived/big-${editVersion(editParamsOf(row))}.jpg`));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const id of ids) await deps.queue!.send('slides.process', { slideId: id });
  let thumbnails = 0;
  for (;;) {
    const [{ n }] = await db('slides').where({ video_id: videoId }).whereNot({ processing_state: 'pending' }).count<{ n: string }[]>('* as n');
    if (Number(n) >= ids.length) break;
    await sleep(50);
  }
  thumbnails = (performance.now() - started) / 1000;
  const atThumbnails = process.cpuUsage(cpu);
  while (!bigFiles.every((file) => existsSync(file))) await sleep(50);
  const bigs = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  const failed = await db('slides').where({ video_id: videoId, processing_state: 'failed' }).count<{ n: string }[]>('* as n');
  if (Number(failed[0].n)) throw new Error(`${failed[0].n} photos failed to process`);
  const seconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
  return { thumbnails, bigs, thumbnailCpu: seconds(atThumbnails), cpu: seconds(used), peakRss: peak };
}

async function main(): Promise<void> {
  const sources = await benchPhotos(count);
  const hashes = sources.map((file) => createHash('sha256').update(readFileSync(file)).digest('hex'));
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-bench-'));
  const queue = await startQueue(database.url);
  try {
    const deps = createDeps(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench' }), database.db, queue);
    await queue.work(jobHandlers(deps));
    // The workers' schedules (music library, pruning) would only compete with the processing for the cores.
    await database.db.raw('DELETE FROM pgboss.schedule');
    const results: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      const { videoId, ids } = await pendingSlides(deps, sources, hashes, run);
      const before = load();
      const result = await measure(deps, videoId, ids);
      results.push(result);
      console.log(
        `run ${run}: ${ids.length} photos of ${WIDTH}x${HEIGHT}: every thumbnail ready in ${result.thumbnails.toFixed(1)} s, ` +
          `every big image in ${result.bigs.toFixed(1)} s; CPU ${result.thumbnailCpu.toFixed(1)} s until the thumbnails, ${result.cpu.toFixed(1)} s in all ` +
          `(${((result.cpu / ids.length) * 1000).toFixed(0)} ms a photo); peak RSS ${Math.round(result.peakRss / 1024 / 1024)} MB; ` +
          `load average ${before} before, ${load()} after`,
      );
    }
    const thumbnails = median(results.map((r) => r.thumbnails));
    console.log(
      `${count} x 12 MP: thumbnails ready ${thumbnails.toFixed(1)} s after the last byte (median of ${runs}; goal: under ${GOAL_SECONDS} s); ` +
        `every big image ${median(results.map((r) => r.bigs)).toFixed(1)} s; CPU ${median(results.map((r) => r.thumbnailCpu)).toFixed(1)} s ` +
        `until the thumbnails, ${median(results.map((r) => r.cpu)).toFixed(1)} s in all ` +
        `on ${os.cpus().length} cores (kernel maximum RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`,
    );
  } finally {
    await queue.stop();
    await database.drop();
    await stopEmbedded();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
