import assert from 'node:assert/strict';
import { fuzzCallers } from './fuzz/callers.ts';
import { fuzzRoutes } from './fuzz/route-fuzz.ts';
import { makeUser, startHarness, type Harness } from './harness.ts';

/**
 * Issue 17: every mounted route, malformed input, four callers: the video's staff, another organization's staff, the
 * video's family link and nobody. A fixed seed, so a failure here fails the same way again; `scripts/fuzz.ts` runs
 * longer with any seed.
 */
describe('every route fuzzed with malformed input', function () {
  this.timeout(600_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('answers every malformed call with a 4xx and the JSON error body, never a 5xx or a hang, and a refused call changes nothing', async () => {
    const { callers, real } = await fuzzCallers(h);
    const report = await fuzzRoutes(h, callers, real, { seed: 17, runs: Number(process.env.FUZZ_RUNS ?? 2) });
    console.log(`      ${report.routes} routes, ${report.calls} calls: ${report.refused} refused, ${report.accepted} answered; ${report.checkedUnchanged} refused groups left the database unchanged`);
    assert.ok(report.routes > 200, `the router's routes were found (${report.routes})`);
    // One line per route, caller and kind of problem, with an example call.
    const problems = new Map<string, string>();
    for (const f of report.findings) problems.set(`${f.route} as ${f.caller}: ${f.problem.replace(/\d{3} /, (m) => m).slice(0, 160)}`, f.call);
    assert.deepEqual([...problems].map(([what, call]) => `${what}  e.g. ${call}`), []);
  });
});

describe('a NUL character anywhere in a request', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('is refused with a 400 before any query sees it (PostgreSQL text cannot hold one)', async () => {
    const user = await makeUser(h.deps, { role: 'staff' });
    const agent = await h.agent(user);
    const refused = { errors: ['The request holds a character that is not allowed (NUL).'] };
    assert.deepEqual((await agent.get('/downloads/cover_photo/%00').expect(400)).body, refused);
    assert.deepEqual((await agent.get('/r/videos/list?q=a%00b').expect(400)).body, refused);
    assert.deepEqual((await agent.post('/r/videos').send({ title: 'a\u0000b' }).expect(400)).body, refused);
  });
});
