/**
 * The API under load (issue 13): seeds an organization of 2,000 videos and a 500-slide video in a database of its
 * own, starts the real server as a child process, signs in through the login call and drives each named call at a
 * steady 300 requests/s (lib/open-loop.ts: request i due at i / rate, latency counted from its due time), printing
 * p50, p95 and p99 beside the goal (p95 under 50 ms).
 *
 *   node --import tsx scripts/bench/api.ts [--duration 30] [--rate 300] [--runs 3] [--only name,name] [--revalidate] [--bursts]
 *
 * Each call runs `--runs` times; the figures are the median of the runs, figure by figure. Before the runs, one
 * autocannon connection sends requests back to back for a few seconds: its median is the call's own cost with no
 * queue, and its rate what one connection gets. Until this session the runs were autocannon's rate limit, which is
 * not a steady rate: each of its 50 connections sends back to back until it has made its share of the second, so
 * each second's requests arrive at once. --bursts adds that run as an extra row, labelled so.
 *
 * Every request is a browser's: it sends the Accept-Encoding a browser sends, so the size is what crosses the wire.
 * With --revalidate, each call also runs as a browser that already holds the answer (If-None-Match with the ETag the
 * call gave; the data does not change meanwhile, as between two polls): its figures are an extra row, labelled so.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';
import { startChildServer } from './lib/child-server.ts';
import { openLoop } from './lib/open-loop.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, seedOrganization, type BenchOrganization } from './lib/organization.ts';

const GOAL_P95_MS = 50;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '300' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    revalidate: { type: 'boolean', default: false },
    bursts: { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const rate = Number(args.rate);
const runs = Number(args.runs);

interface Call {
  name: string;
  path: (o: BenchOrganization) => string;
}

/** The calls the goal names, as the pages make them. */
const CALLS: Call[] = [
  // The dashboard's first load (spec 1 section 7: limit 10, both lists).
  { name: 'dashboard list', path: (o) => `/r/users/${o.userId}/dashboard_data?limit=10` },
  // The videos list page: every live video of the organization (no paging in the spec: the page filters and sorts).
  { name: 'videos list', path: () => '/r/videos/list?context_org=0' },
  // The slide workspace's list after the first load (meta comes once, with the first).
  { name: 'slide list (500)', path: (o) => `/slides/slide_list/${o.bigVideoId}` },
  { name: 'slide list + meta', path: (o) => `/slides/slide_list/${o.bigVideoId}?meta=1` },
  // The details page's poll (about every 0.9 s) and the list pages' batch poll of the videos still rendering.
  { name: 'generation status', path: (o) => `/r/videos/${o.renderingIds[0]}/check_generation_status` },
  {
    name: 'generation statuses (batch)',
    path: (o) => `/r/videos/check_generation_statuses?progress_bars=${encodeURIComponent(JSON.stringify({ hd: o.renderingIds.slice(0, 25) }))}`,
  },
];

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  achieved: number;
  errors: number;
  non2xx: number;
  kb: number;
}

/** Of no response at all (every request timed out): longer than any, so it sorts last in the median. */
const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Infinity;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What a browser sends with each of these calls (Chrome and Firefox: gzip, deflate, br and more). */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

async function drive(url: string, headers: Record<string, string>, seconds = duration, closedLoop = false): Promise<Figures> {
  const times: number[] = [];
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        headers,
        // Enough connections that a connection is free at every tick while responses take up to ~150 ms.
        connections: closedLoop ? 1 : Math.max(10, Math.ceil(rate / 6)),
        overallRate: closedLoop ? undefined : rate,
        duration: seconds,
      },
      (err: unknown, done: autocannon.Result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(done)),
    );
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      times.push(responseTime);
      bytes += resBytes;
    });
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    achieved: times.length / result.duration,
    errors: result.errors,
    non2xx: result.non2xx,
    kb: times.length ? bytes / times.length / 1024 : 0,
  };
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'timed out');

/**
 * Waits until the server has worked off what a run left queued: requests autocannon gave up on (10 s timeout) are
 * still answered one by one, and would be measured as the next run's latency.
 */
/** A steady `rate` for the run's seconds (lib/open-loop.ts), as Figures. */
async function steady(url: string, headers: Record<string, string>): Promise<Figures> {
  const f = await openLoop(url, headers, rate, duration);
  return {
    p50: percentile(f.times, 50),
    p95: percentile(f.times, 95),
    p99: percentile(f.times, 99),
    achieved: f.achieved,
    errors: f.errors,
    non2xx: f.non2xx,
    kb: f.times.length ? f.bytes / f.times.length / 1024 : 0,
  };
}

async function drained(url: string, headers: Record<string, string>, alone: number): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    if (performance.now() - started < Math.max(3 * alone, 100)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-bench-api-'));
  try {
    const started = Date.now();
    const org = await seedOrganization(database.db);
    console.log(`Seeded ${org.videoCount} live videos of one organization (+3 others), a 500-slide video and ${org.renderingIds.length} renders in progress in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Without the job worker: the stock library it would start making is not what this bench measures.
    const server = await startChildServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: 'bench', BENCH_WORKER: '0' });
    try {
      const login = await fetch(`${server.url}/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login answered ${login.status}`);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      const only = args.only?.split(',');
      const calls = CALLS.filter((c) => !only || only.some((name) => c.name.startsWith(name)));
      const rows: string[][] = [];
      /** Runs one call: alone on one connection, then `runs` times at the rate; adds its row. */
      async function measure(name: string, target: string, headers: Record<string, string>, burst = false): Promise<void> {
        // Warms up the JIT, the connection pools and PostgreSQL's caches, and measures the call alone.
        const alone = await drive(target, headers, Math.min(5, duration), true);
        console.log(`  ${name} alone: p50 ${ms(alone.p50)}, ${alone.achieved.toFixed(0)}/s on one connection`);
        const results: Figures[] = [];
        for (let i = 0; i < runs; i += 1) {
          const figures = await (burst ? drive(target, headers) : steady(target, headers));
          await drained(target, headers, alone.p50);
          console.log(`  ${name} run ${i + 1}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, p99 ${ms(figures.p99)}, ${figures.achieved.toFixed(0)}/s, ${figures.errors} errors, ${figures.non2xx} non-2xx`);
          results.push(figures);
        }
        const m = (pick: (f: Figures) => number) => median(results.map(pick));
        rows.push([
          name,
          `${ms(alone.p50)}, ${alone.achieved.toFixed(0)}/s`,
          ms(m((f) => f.p50)),
          ms(m((f) => f.p95)),
          ms(m((f) => f.p99)),
          `${m((f) => f.achieved).toFixed(0)}/s`,
          String(results.reduce((n, f) => n + f.errors, 0)),
          String(results.reduce((n, f) => n + f.non2xx, 0)),
          `${m((f) => f.kb).toFixed(1)} KB`,
          m((f) => f.p95) < GOAL_P95_MS ? 'met' : 'NOT met',
        ]);
      }
      const headers = { ...BROWSER_HEADERS, cookie };
      for (const call of calls) {
        const target = server.url + call.path(org);
        const check = await fetch(target, { headers });
        if (!check.ok) throw new Error(`${call.name}: ${check.status} ${await check.text()}`);
        await measure(call.name, target, headers);
        if (args.bursts) await measure(`${call.name} (autocannon's rate limit: each second's requests at once)`, target, headers, true);
        const etag = check.headers.get('etag');
        // A 304 is not a 2xx: autocannon counts these answers as non-2xx, and that is what they should be.
        if (args.revalidate && etag) await measure(`${call.name} (revalidating: If-None-Match, 304)`, target, { ...headers, 'if-none-match': etag });
      }
      console.log(`\n${rate} requests/s for ${duration} s, median of ${runs} runs; goal p95 < ${GOAL_P95_MS} ms; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      console.table(rows.map(([call, alone, p50, p95, p99, achieved, errors, non2xx, size, goal]) => ({ call, alone, p50, p95, p99, achieved, errors, non2xx, size, goal })));
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    await stopEmbedded();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
