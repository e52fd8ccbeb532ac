import assert from 'node:assert/strict';
import { makeOrganization, makeVideo, startHarness, type Harness } from './harness.ts';

/**
 * Issue #10: a family's upload link holds its slide limit even when many calls race. Each kind of addition other
 * than an upload (a new text slide, a restore, a copy) is fired 20 times at once at a link whose limit is 10.
 */
describe('the upload-link limit under parallel calls', () => {
  const LIMIT = 10;
  const CALLS = 20;
  const refused = { errors: [`Too many slides, limit is ${LIMIT}.`] };
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  async function linkedVideo(): Promise<{ id: number; hash: string }> {
    const org = await makeOrganization(h.deps);
    const video = await makeVideo(h.deps, { organization_id: org.id, upload_link_access_level: 1, upload_link_limit: LIMIT });
    return { id: video.id, hash: video.security_hash };
  }

  /** Text slides need no files, so restores and copies can be raced without storage. */
  async function textSlides(videoId: number, count: number, deleted: boolean): Promise<number[]> {
    const rows = Array.from({ length: count }, (_, i) => ({
      video_id: videoId,
      position: i + 1,
      is_text: true,
      slide_caption: `Slide ${i + 1}`,
      processing_state: 'ready',
      deleted_at: deleted ? new Date() : null,
    }));
    return (await h.deps.db('slides').insert(rows).returning<{ id: number }[]>('id')).map((r) => r.id);
  }

  const liveCount = async (videoId: number) => Number((await h.deps.db('slides').where({ video_id: videoId }).whereNull('deleted_at').count<{ count: string }[]>('* as count'))[0].count);

  /** Fires the calls at once; every answer is a success or the limit's refusal, and `expected` of them succeed. */
  async function race(videoId: number, calls: Array<() => Promise<{ status: number; body: unknown }>>, expected: number): Promise<void> {
    const answers = await Promise.all(calls.map((call) => call()));
    const ok = answers.filter((a) => a.status === 200);
    const over = answers.filter((a) => a.status !== 200);
    for (const answer of over) {
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.body, refused);
    }
    assert.equal(ok.length, expected, 'calls that got through');
    assert.equal(await liveCount(videoId), LIMIT, 'live slides afterwards');
  }

  const post = (path: string, video: { id: number; hash: string }, body: Record<string, unknown>) =>
    h.request().post(path).send({ video_id: video.id, security_hash: video.hash, ...body });

  it('adds at most the limit of new text slides', async () => {
    const video = await linkedVideo();
    const calls = Array.from({ length: CALLS }, (_, i) => () => post('/slides/save', video, { slide_caption: `Text ${i}` }));
    await race(video.id, calls, LIMIT);
  });

  it('restores at most the limit of deleted slides', async () => {
    const video = await linkedVideo();
    const deleted = await textSlides(video.id, CALLS, true);
    const calls = deleted.map((id) => () => post('/r/slides/undelete', video, { ids: [id] }));
    await race(video.id, calls, LIMIT);
  });

  it('copies a slide no further than the limit', async () => {
    const video = await linkedVideo();
    const [original] = await textSlides(video.id, 1, false);
    const calls = Array.from({ length: CALLS }, () => () => post('/r/slides/duplicate/', video, { ids: [original] }));
    await race(video.id, calls, LIMIT - 1);
  });
});
