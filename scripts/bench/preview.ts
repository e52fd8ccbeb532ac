/**
 * The preview's first HLS segment, three times from nothing (no preview and no cached preview segment), on the
 * benchmark tribute (scripts/bench/lib/tribute.ts) with `photos` photos. Prints each run, the median against the
 * goal, and when the whole 360p preview was made. The render benchmark measures it once, after its renders.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/preview.ts [photos] [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { createDeps } from '../../server/src/deps.ts';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';
import { forgetPreviews, previewTimes } from './lib/preview-probe.ts';
import { benchTribute } from './lib/tribute.ts';

const count = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);
const GOAL = 1.5;
const load = (): string => loadavg().map((n) => n.toFixed(1)).join(' ');

const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-bench-preview-'));
try {
  const deps = createDeps(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench' }), database.db);
  const { videoId } = await benchTribute(deps, database.db, count);
  const firsts: number[] = [];
  for (let run = 1; run <= runs; run++) {
    await forgetPreviews(deps, videoId);
    const times = await previewTimes(deps, videoId);
    firsts.push(times.first);
    console.log(`  run ${run}: first HLS segment ${times.first.toFixed(2)} s after asking, whole preview ${times.whole.toFixed(1)} s; load average ${load()}`);
  }
  const median = [...firsts].sort((a, b) => a - b)[Math.floor(firsts.length / 2)];
  console.log(`\nPreview, first HLS segment: median ${median.toFixed(2)} s of ${runs} runs (goal under ${GOAL} s: ${median < GOAL ? 'met' : 'NOT met'})`);
} finally {
  await database.drop();
  await stopEmbedded();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
