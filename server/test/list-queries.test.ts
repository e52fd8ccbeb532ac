import assert from 'node:assert/strict';
import type TestAgent from 'supertest/lib/agent.js';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

/**
 * Issue 13's API load goal: the list, slide list and generation-status calls must not read once per row they
 * answer (scripts/bench/api.ts measures them over 2,000 videos and 500 slides). Each call is made for a few rows and
 * for many, and must send the same number of queries to the database.
 */
describe('queries of the list calls', function () {
  this.timeout(60_000);
  let h: Harness;
  let agent: TestAgent;
  let userId: number;
  let orgId: number;
  let queries = 0;

  before(async () => {
    h = await startHarness();
    orgId = (await makeOrganization(h.deps)).id;
    const user = await makeUser(h.deps, { organizationId: orgId });
    userId = user.id;
    agent = await h.agent(user);
    h.deps.db.on('query', () => (queries += 1));
  });
  after(async () => h.close());

  /** The queries one call sends (the session's included: it is the same for every call). */
  async function queriesOf(path: string): Promise<number> {
    queries = 0;
    await agent.get(path).expect(200);
    return queries;
  }

  /** `count` videos of the organization, finalized and rendering, each with two photos. */
  async function videos(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const video = await makeVideo(h.deps, { organization_id: orgId, date_in_queue: new Date() });
      const photo = { video_id: video.id, orig_path: `videos/${video.id}/a.jpg`, sha256: 'a'.repeat(64), processing_state: 'ready' };
      await h.deps.db('slides').insert([{ ...photo, position: 0 }, { ...photo, position: 1 }]);
      await h.deps.db('renders').insert({ video_id: video.id, kind: 'hd', hash: `h${video.id}`, status: 'rendering', progress: 30 });
      ids.push(video.id);
    }
    return ids;
  }

  it('answers the batch generation status of many videos with as many queries as of two', async () => {
    const ids = await videos(30);
    const foreign = await makeVideo(h.deps, { organization_id: (await makeOrganization(h.deps)).id });
    const batch = (some: number[]) => `/r/videos/check_generation_statuses?progress_bars=${encodeURIComponent(JSON.stringify({ hd: some }))}`;
    const few = await queriesOf(batch(ids.slice(0, 2)));
    assert.equal(await queriesOf(batch([...ids, foreign.id])), few);
    const answer = await agent.get(batch([...ids, foreign.id])).expect(200);
    assert.deepEqual(Object.keys(answer.body.hd).map(Number).sort(), [...ids].sort(), "another organization's video is left out");
    assert.deepEqual(answer.body.hd[String(ids[0])], { complete: 30, message: 'Waiting for the render to start...' });
  });

  it('lists the videos and the dashboard with as many queries for 35 videos as for 5', async () => {
    const list = await queriesOf('/r/videos/list?context_org=0');
    const dashboard = await queriesOf(`/r/users/${userId}/dashboard_data?limit=50`);
    await videos(5);
    assert.equal(await queriesOf('/r/videos/list?context_org=0'), list);
    assert.equal(await queriesOf(`/r/users/${userId}/dashboard_data?limit=50`), dashboard);
  });

  it('lists the slides of a video with as many queries for 300 slides as for 3', async () => {
    const video = await makeVideo(h.deps, { organization_id: orgId });
    const slide = (position: number) => ({ video_id: video.id, position, orig_path: `videos/${video.id}/${position}.jpg`, sha256: 'b'.repeat(64), processing_state: 'ready' });
    await h.deps.db('slides').insert([0, 1, 2].map(slide));
    const few = await queriesOf(`/slides/slide_list/${video.id}?meta=1`);
    await h.deps.db.batchInsert('slides', Array.from({ length: 297 }, (_, i) => slide(i + 3)), 100);
    assert.equal(await queriesOf(`/slides/slide_list/${video.id}?meta=1`), few);
    const answer = await agent.get(`/slides/slide_list/${video.id}`).expect(200);
    assert.equal(answer.body.slides.length, 300);
  });
});
