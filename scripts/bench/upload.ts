/**
 * The upload benchmark: 100 generated 12-megapixel JPEGs uploaded through the real tus endpoint of a server running in
 * its own process (two job workers). Prints the seconds from the last byte until every thumbnail and big image is
 * ready, the whole wall time, and the server's peak memory.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/upload.ts [count] [parallel]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { passwordHasher } from '../../server/src/repositories/password.repository.ts';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';
import { startChildServer } from './lib/child-server.ts';
import { benchPhotos } from './lib/photos.ts';

const count = Number(process.argv[2] ?? 100);
const parallel = Number(process.argv[3] ?? 3);
const PASSWORD = 'bench-password';

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function uploadOne(url: string, cookie: string, videoId: number, file: string): Promise<void> {
  const bytes = readFileSync(file);
  const meta = `filename ${b64(path.basename(file))},filetype ${b64('image/jpeg')},video_id ${b64(String(videoId))}`;
  const created = await fetch(`${url}/r/uploads`, {
    method: 'POST',
    headers: { cookie, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, url).toString();
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: { cookie, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (patched.status !== 204) throw new Error(`patch: ${patched.status} ${await patched.text()}`);
}

async function main(): Promise<void> {
  const files = await benchPhotos(count);
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-bench-'));
  const server = await startChildServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: 'bench' });
  try {
    const db = database.db;
    const [org] = await db('organizations').insert({ organization_name: 'Bench' }).returning('id');
    await db('users').insert({ organization_id: org.id, email: 'bench@example.com', name: 'Bench', password_hash: await passwordHasher.hash(PASSWORD) });
    const [video] = await db('videos').insert({ organization_id: org.id, title: 'Bench', video_code: 'bench-code', security_hash: 'bench-hash' }).returning('id');
    const login = await fetch(`${server.url}/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

    let peak = server.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 100);
    const started = performance.now();
    const queue = [...files];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let file = queue.shift(); file; file = queue.shift()) await uploadOne(server.url, cookie, video.id, file);
      }),
    );
    const lastByte = performance.now();
    for (;;) {
      const rows = await db('slides').where({ video_id: video.id }).groupBy('processing_state').select('processing_state').count<{ processing_state: string; count: number }[]>('* as count');
      const ready = Number(rows.find((r) => r.processing_state === 'ready')?.count ?? 0);
      const failed = Number(rows.find((r) => r.processing_state === 'failed')?.count ?? 0);
      if (ready + failed >= files.length) {
        if (failed) console.log(`${failed} photos failed to process`);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const done = performance.now();
    clearInterval(sampler);
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    const total = files.reduce((n, f) => n + readFileSync(f).length, 0);
    console.log(`${files.length} photos (${mb(total)}) uploaded ${parallel} at a time in ${((lastByte - started) / 1000).toFixed(1)} s`);
    console.log(`every thumbnail and big image ready ${((done - lastByte) / 1000).toFixed(1)} s after the last byte (goal: within 30 s)`);
    console.log(`wall time ${((done - started) / 1000).toFixed(1)} s; server peak memory ${mb(Math.max(peak, server.peakRss()))} (goal: under 1 GB)`);
  } finally {
    await server.stop();
    await database.drop();
    await stopEmbedded();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
