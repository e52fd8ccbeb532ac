/**
 * How fast uploaded photos become ready slides: 100 twelve-megapixel JPEGs processed two at a time, as the
 * job workers do. Prints the wall time, the time per photo and the peak RSS.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/upload-processing.ts [count]
 *
 * Without DATABASE_URL an embedded PostgreSQL is started. The photos are generated once and kept in
 * ~/.cache/tribute/bench, keyed by the generator version.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { link } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { createDeps } from '../../server/src/deps.ts';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';
import { BENCH_HEIGHT as HEIGHT, BENCH_WIDTH as WIDTH, benchPhotos } from './lib/photos.ts';

const CONCURRENCY = 2;
const count = Number(process.argv[2] ?? 100);

async function main(): Promise<void> {
  const sources = await benchPhotos(count);
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-bench-'));
  try {
    const deps = createDeps(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench' }), database.db);
    const [video] = await database.db('videos').insert({ video_code: 'bench', security_hash: 'bench' }).returning('id');
    const ids: number[] = [];
    for (const [index, source] of sources.entries()) {
      const [{ id }] = await database.db('slides')
        .insert({ video_id: video.id, position: index, orig_filename: path.basename(source), processing_state: 'pending' })
        .returning('id');
      const key = `videos/${video.id}/slides/${id}/original.jpg`;
      mkdirSync(path.dirname(deps.repos.storage.resolve(key)), { recursive: true });
      await link(source, deps.repos.storage.resolve(key));
      await database.db('slides').where({ id }).update({ orig_path: key });
      ids.push(id);
    }

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) await deps.slideMedia.processSlide(id);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const states = await database.db('slides').where({ video_id: video.id }).groupBy('processing_state').select('processing_state').count('* as n');
    const derived = readdirSync(deps.repos.storage.resolve(`videos/${video.id}/slides/${ids[0]}/derived`));
    console.log(`slides: ${states.map((s) => `${s.n} ${s.processing_state}`).join(', ')}; first slide made ${derived.join(', ')}`);
    console.log(
      `${ids.length} photos of ${WIDTH}x${HEIGHT} processed ${CONCURRENCY} at a time in ${seconds.toFixed(1)} s ` +
        `(${(seconds / ids.length).toFixed(2)} s each, ${((ids.length / seconds) * 60).toFixed(0)} per minute); ` +
        `peak RSS ${Math.round(peak / 1024 / 1024)} MB (kernel maximum ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`,
    );
  } finally {
    await database.drop();
    await stopEmbedded();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
