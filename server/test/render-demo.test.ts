import assert from 'node:assert/strict';
import { up as unfinishWithoutRender } from '../migrations/20261125000010_unfinish_videos_without_render.ts';
import type { Deps } from '../src/deps.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { queueDemoRenders } from '../src/seed/demo-renders.ts';
import { seedDemoTribute } from '../src/seed/demo-tribute.ts';
import { DEMO_VIDEOS, seedDemoVideoMedia } from '../src/seed/demo-videos.ts';
import { makeUser, startHarness, type Harness } from './harness.ts';
import { insertTestTheme } from './render-helpers.ts';
import { itemSegments } from '../src/render/plan/types.ts';

type Status = { complete: number; message: string };

/** What a real start does while a render waits: the recovery of pending slides processes the photos. */
async function processPhotos(deps: Deps, videoId: number): Promise<void> {
  for (const slide of await deps.db('slides').where({ video_id: videoId, processing_state: 'pending' }).select<{ id: number }[]>('id')) {
    await deps.slideMedia.processSlide(slide.id);
  }
}

describe('the demo tribute', function () {
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => {
    await h?.close();
  });

  it('is seeded unfinished, and queueDemoRenders makes it a finished HD video', async () => {
    const { db } = h.deps;
    const org = (await db('organizations').insert({ organization_name: 'Demo Funeral Home' }).returning('id'))[0].id as number;
    await makeUser(h.deps, { organizationId: org, role: 'org_admin', email: 'staff@example.com' });
    // A short catalogue theme (the seed takes the first one that is not for debugging).
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5, transitionLength: 0.3 });
    await db('themes').where({ id: themeId }).update({ debug: false });
    const runner = h.deps.render.runLocally(2);
    await seedDemoTribute(db, h.config, {}, { photos: 3, slideSeconds: 1 });
    const seeded = await db('videos').where({ title: 'Eleanor Grace Whitfield' }).first<{ id: number; theme_id: number; date_in_queue: Date | null; finished: boolean }>();
    assert.ok(seeded?.date_in_queue, 'seeded as finalized');
    assert.equal(seeded.finished, false, 'not finished before it is rendered');
    assert.equal(seeded.theme_id, themeId);
    const start = async (videoId: number) => {
      await processPhotos(h.deps, videoId);
      await h.deps.render.renders.start(videoId);
    };
    assert.deepEqual(await queueDemoRenders(db, start), [seeded.id]);
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    const hd = (await h.deps.render.records.latest(seeded.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(hd?.status, 'done', `${hd?.message} ${hd?.error}`);
    assert.equal(itemSegments(hd.plan.timeline).filter((s) => s.visual.kind === 'photo').length, 3);
    const probe = await h.deps.render.ffmpeg.probe(h.deps.render.files.path(hd.file_key!));
    assert.ok(Math.abs(probe.duration - hd.plan.timeline.frames / 30) < 0.1, `${probe.duration} s`);
    assert.deepEqual([probe.video?.width, probe.video?.height], [1280, 720]);
    assert.equal((await h.deps.repos.videos.findById(seeded.id))?.finished, true);
    assert.equal((await h.deps.render.records.latest(seeded.id, 'web'))?.status, 'done');
    // Seeded once, and a finished video is not queued again: a second start seeds and queues nothing.
    await seedDemoTribute(db, h.config, {}, { photos: 3 });
    assert.equal(await db('videos').where({ title: 'Eleanor Grace Whitfield' }).count<{ count: number }[]>('* as count').first().then((r) => Number(r?.count)), 1);
    assert.deepEqual(await queueDemoRenders(db, start), []);
  });
});

describe('the demo seed', function () {
  this.timeout(240_000);
  let h: Harness;
  let library: string | undefined;

  before(async () => {
    library = process.env.STOCK_MUSIC_LIBRARY;
    process.env.STOCK_MUSIC_LIBRARY = 'test';
    h = await startHarness();
  });

  after(async () => {
    if (library === undefined) delete process.env.STOCK_MUSIC_LIBRARY;
    else process.env.STOCK_MUSIC_LIBRARY = library;
    await h?.close();
  });

  it('shows a video as finished only once Download HD has its file', async () => {
    const { db } = h.deps;
    const logins = await seedDemo(db, h.config, { photos: 2, slideSeconds: 1 });
    const staff = logins.find((l) => l.email === 'staff@example.com')!;
    const agent = await h.agent();
    await agent.post('/users/login').send({ email: staff.email, password: staff.password }).expect(200);
    const list = async () => (await agent.get('/r/videos/list?context_org=0').expect(200)).body.videos as { id: number; finished: boolean; date_in_queue: string | null }[];
    const statuses = async (ids: number[]) =>
      (await agent.get('/r/videos/check_generation_statuses').query({ progress_bars: JSON.stringify({ hd: ids }) }).expect(200)).body.hd as Record<string, Status>;

    const videos = await list();
    const finalized = videos.filter((v) => v.date_in_queue).map((v) => v.id);
    assert.equal(finalized.length, DEMO_VIDEOS.filter((v) => v.captions).length + 1, 'the list’s finalized videos and the demo tribute');
    // Before the renders ran nothing is shown as made, and nothing can be downloaded.
    assert.deepEqual(videos.filter((v) => v.finished), []);
    for (const [id, status] of Object.entries(await statuses(finalized))) {
      assert.ok(status.complete < 100, `video ${id}: ${status.message}`);
      assert.notEqual(status.message, 'Complete');
    }

    // The renders run as at a start once the library is ready (the photos processed first); a short theme keeps them quick.
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5, transitionLength: 0.3 });
    await db('videos').whereIn('id', finalized).update({ theme_id: themeId });
    const runner = h.deps.render.runLocally(2);
    const queued = await queueDemoRenders(db, async (id) => {
      await processPhotos(h.deps, id);
      await h.deps.render.renders.start(id);
    });
    assert.deepEqual(queued, [...finalized].sort((a, b) => a - b), 'every finalized demo video has its render queued');
    await runner.idle();
    assert.deepEqual(runner.errors, []);

    const after = await list();
    const shown = await statuses(after.map((v) => v.id));
    const made = after.filter((v) => v.finished || shown[v.id].complete >= 100);
    assert.deepEqual(made.map((v) => v.id).sort((a, b) => a - b), [...finalized].sort((a, b) => a - b), 'the finalized videos are made');
    for (const video of made) {
      assert.equal(video.finished, true);
      assert.deepEqual(shown[video.id], { complete: 100, message: 'Complete' });
      const code = (await h.deps.repos.videos.findById(video.id))!.video_code;
      const file = await agent.get(`/downloads/video/${code}/hd.mp4`).expect(200);
      assert.ok(Number(file.headers['content-length']) > 1000, `video ${video.id}: ${file.headers['content-length']} bytes`);
    }
  });

  it('fills the empty finished demo videos of an earlier seed and has them rendered', async () => {
    const fresh = await startHarness();
    try {
      const { db } = fresh.deps;
      const org = (await db('organizations').insert({ organization_name: 'Demo Funeral Home' }).returning('id'))[0].id as number;
      const [legacy] = await db('videos')
        .insert({ organization_id: org, title: DEMO_VIDEOS[0].title, video_code: 'ab12cd34ef56', security_hash: 'legacy-hash', date_in_queue: new Date(), finished: true })
        .returning<{ id: number }[]>('id');
      await unfinishWithoutRender(db);
      const row = await db('videos').where({ id: legacy.id }).first<{ finished: boolean; date_in_queue: Date | null }>();
      assert.equal(row?.finished, false, 'no longer finished without a render');
      assert.ok(row?.date_in_queue, 'still finalized: it shows as waiting to render');
      await seedDemoVideoMedia(db, fresh.config, { photos: 2 });
      assert.equal(await db('slides').where({ video_id: legacy.id }).count<{ count: number }[]>('* as count').first().then((r) => Number(r?.count)), 2);
      assert.deepEqual(await queueDemoRenders(db, async () => undefined), [legacy.id]);
      // Once only: a later start adds no photos.
      await seedDemoVideoMedia(db, fresh.config, { photos: 2 });
      assert.equal(await db('slides').where({ video_id: legacy.id }).count<{ count: number }[]>('* as count').first().then((r) => Number(r?.count)), 2);
    } finally {
      await fresh.close();
    }
  });
});
