import assert from 'node:assert/strict';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import { seedDemoTribute } from '../src/seed/demo-tribute.ts';
import { makeUser, startHarness, type Harness } from './harness.ts';
import { insertTestTheme } from './render-helpers.ts';

describe('the demo tribute', function () {
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => {
    await h?.close();
  });

  it('queues its render as it is seeded and becomes a finished HD video', async () => {
    const { db } = h.deps;
    const org = (await db('organizations').insert({ organization_name: 'Demo Funeral Home' }).returning('id'))[0].id as number;
    await makeUser(h.deps, { organizationId: org, role: 'org_admin', email: 'staff@example.com' });
    // A short catalogue theme (the seed takes the first one that is not for debugging).
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5, transitionLength: 0.3 });
    await db('themes').where({ id: themeId }).update({ debug: false });
    const runner = h.deps.render.runLocally(2);
    const queued: number[] = [];
    await seedDemoTribute(db, h.config, {}, {
      photos: 3,
      slideSeconds: 1,
      start: async (videoId) => {
        queued.push(videoId);
        // At a real start the recovery of pending slides processes the photos while the render job waits for them.
        for (const slide of await db('slides').where({ video_id: videoId, processing_state: 'pending' }).select<{ id: number }[]>('id')) {
          await h.deps.slideMedia.processSlide(slide.id);
        }
        await h.deps.render.renders.start(videoId);
      },
    });
    const seeded = await db('videos').where({ title: 'Eleanor Grace Whitfield' }).first<{ id: number; theme_id: number; date_in_queue: Date | null }>();
    assert.ok(seeded?.date_in_queue, 'seeded as finalized');
    assert.equal(seeded.theme_id, themeId);
    assert.deepEqual(queued, [seeded.id], 'its render is queued by the seed, not left to the watchdog');
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    const hd = (await h.deps.render.records.latest(seeded.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(hd?.status, 'done', `${hd?.message} ${hd?.error}`);
    assert.equal(hd.plan.timeline.segments.filter((s) => s.visual.kind === 'photo').length, 3);
    const probe = await h.deps.render.ffmpeg.probe(h.deps.render.files.path(hd.file_key!));
    assert.ok(Math.abs(probe.duration - hd.plan.timeline.frames / 30) < 0.1, `${probe.duration} s`);
    assert.deepEqual([probe.video?.width, probe.video?.height], [1280, 720]);
    assert.equal((await h.deps.repos.videos.findById(seeded.id))?.finished, true);
    assert.equal((await h.deps.render.records.latest(seeded.id, 'web'))?.status, 'done');
    // Seeded once: a second start seeds and queues nothing.
    await seedDemoTribute(db, h.config, {}, { photos: 3, start: async (videoId) => void queued.push(videoId) });
    assert.equal(queued.length, 1);
  });

  it('by default queues the render as a pg-boss job in the database, for the first worker to take', async () => {
    const fresh = await startHarness();
    try {
      const { db } = fresh.deps;
      const org = (await db('organizations').insert({ organization_name: 'Demo Funeral Home' }).returning('id'))[0].id as number;
      await makeUser(fresh.deps, { organizationId: org, role: 'org_admin', email: 'staff@example.com' });
      await seedDemoTribute(db, fresh.config, {}, { photos: 1, databaseUrl: fresh.database.url });
      const seeded = await db('videos').where({ title: 'Eleanor Grace Whitfield' }).first<{ id: number }>('id');
      const jobs = await db('pgboss.job').where({ name: 'render.video' }).select<{ data: unknown; state: string; retry_limit: number }[]>('data', 'state', 'retry_limit');
      assert.deepEqual(jobs, [{ data: { videoId: seeded!.id }, state: 'created', retry_limit: 30 }]);
    } finally {
      await fresh.close();
    }
  });
});
