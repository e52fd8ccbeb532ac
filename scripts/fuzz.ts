/**
 * The longer run of the route fuzz test (issue 17): every mounted route, many malformed calls per caller, any seed.
 *   node --import tsx scripts/fuzz.ts [--runs 40] [--seed <n>] [--only <regexp over "METHOD /path">]
 * DATABASE_URL names the PostgreSQL server (else an embedded one is started); the test database is dropped after.
 * Prints what it covered and every problem found (one line per route, caller and kind), and exits 1 if any.
 * The native helper's framing has its own longer run: FUZZ_RUNS=2000 npx mocha native-host/test/helper-fuzz.test.ts
 */
import { parseArgs } from 'node:util';
import { stopEmbedded } from '../server/test/database.ts';
import { fuzzCallers } from '../server/test/fuzz/callers.ts';
import { fuzzRoutes } from '../server/test/fuzz/route-fuzz.ts';
import { startHarness } from '../server/test/harness.ts';
import { runCli, UserError } from './lib/cli.ts';

runCli(async () => {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' }, seed: { type: 'string' }, only: { type: 'string' } } });
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const runs = Number(values.runs);
  const h = await startHarness();
  try {
    const { callers, real } = await fuzzCallers(h);
    const started = Date.now();
    console.log(`Seed ${seed}, ${runs} calls per route and caller...`);
    const report = await fuzzRoutes(h, callers, real, { seed, runs, only: values.only ? new RegExp(values.only) : undefined });
    console.log(`${report.routes} routes, ${report.calls} calls in ${((Date.now() - started) / 1000).toFixed(0)} s: ${report.refused} refused, ${report.accepted} answered; ${report.checkedUnchanged} refused groups left the database unchanged.`);
    const problems = new Map<string, string>();
    for (const f of report.findings) problems.set(`${f.route} as ${f.caller}: ${f.problem.slice(0, 160)}`, f.call);
    for (const [what, call] of problems) console.log(`PROBLEM ${what}\n  e.g. ${call}`);
    if (problems.size) throw new UserError(`${problems.size} problems (seed ${seed}).`);
    console.log('No problem found.');
  } finally {
    await h.close();
    await stopEmbedded();
  }
});
