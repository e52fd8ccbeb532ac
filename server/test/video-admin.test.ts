import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createApp } from '../src/app.ts';
import { createDeps } from '../src/deps.ts';
import { jobHandlers } from '../src/jobs/handlers.ts';
import { startQueue, type Queue } from '../src/jobs/queue.ts';
import { seedDemoObituary } from '../src/seed/demo-obituary.ts';
import { DEMO_TRIBUTE_KEY } from '../src/seed/demo-tribute.ts';
import { makeOrganization, makeUser, makeVideo, PASSWORD, startHarness, type Harness } from './harness.ts';

type User = Awaited<ReturnType<typeof makeUser>>;

describe('admin tools of the details page', () => {
  let h: Harness;
  let orgId: number;
  let admin: User;
  let staff: User;
  let stranger: User;

  before(async () => {
    h = await startHarness();
    orgId = (await makeOrganization(h.deps, 'Cedar Funeral Home')).id;
    admin = await makeUser(h.deps, { role: 'super', name: 'Ada Admin' });
    staff = await makeUser(h.deps, { organizationId: orgId, role: 'org_admin', name: 'Sam Staff' });
    stranger = await makeUser(h.deps);
  });
  after(async () => h.close());

  describe('access', () => {
    const calls: [method: 'get' | 'post', path: (id: number) => string][] = [
      ['post', (id) => `/r/videos/${id}/delete`],
      ['post', (id) => `/r/videos/${id}/undelete`],
      ['post', (id) => `/r/videos/${id}/toggle_override_length_limit`],
      ['post', (id) => `/r/videos/${id}/notify_silk`],
      ['post', (id) => `/r/videos/${id}/enqueue_job/notify`],
      ['post', (id) => `/r/videos/${id}/enqueue_job/postback`],
      ['get', (id) => `/r/videos/${id}/resources`],
      ['get', (id) => `/r/videos/${id}/resources/file?key=videos/${id}/x.jpg`],
      ['get', (id) => `/r/videos/${id}/debug`],
      ['get', (id) => `/r/obituaries/status?video_id=${id}`],
      ['get', (id) => `/activity_logs.json?video_id=${id}`],
    ];

    it("answers 404 to the video's own staff, another organization, a family link and a visitor, and for a missing video", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, user_id: staff.id, upload_link_access_level: 1 });
      const own = await h.agent(staff);
      const other = await h.agent(stranger);
      const superAgent = await h.agent(admin);
      for (const [method, path] of calls) {
        for (const [who, agent] of [['staff', own], ['other organization', other]] as const) {
          const res = await agent[method](path(video.id)).expect(404);
          assert.deepEqual(res.body, { errors: ['Not found'] }, `${who}: ${method} ${path(video.id)}`);
        }
        const separator = path(video.id).includes('?') ? '&' : '?';
        await h.request()[method](`${path(video.id)}${separator}security_hash=${video.security_hash}`).expect(404);
        await h.request()[method](path(video.id)).expect(404);
        if (!path(1).startsWith('/activity_logs')) await superAgent[method](path(999999)).expect(404);
      }
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.equal(row.deleted_at, null, 'nothing was done by the refused calls');
    });
  });

  describe('POST /r/videos/{id}/delete and /undelete', () => {
    it('soft-deletes and restores the video, and logs both', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const agent = await h.agent(admin);
      assert.deepEqual((await agent.post(`/r/videos/${video.id}/delete`).expect(200)).body, { success: true });
      assert.notEqual((await h.deps.db('videos').where({ id: video.id }).first()).deleted_at, null);
      assert.equal((await agent.get(`/r/videos/${video.id}`).expect(200)).body.deleted, true, 'a super user still reads the deleted video');
      await agent.post(`/r/videos/${video.id}/undelete`).expect(200);
      assert.equal((await h.deps.db('videos').where({ id: video.id }).first()).deleted_at, null);
      const log = (await agent.get(`/activity_logs.json?video_id=${video.id}`).expect(200)).body;
      assert.deepEqual(log.map((r: { action: string }) => r.action), ['Restored the video', 'Deleted the video']);
      assert.equal(log[0].user_name, 'Ada Admin');
    });
  });

  describe('POST /r/videos/{id}/toggle_override_length_limit', () => {
    it('refuses a video within its limit, toggles one over it, and refuses one over the maximum override', async () => {
      await h.deps.db('organizations').where({ id: orgId }).update({ video_length_limit: 30, max_override_length: 120 });
      const agent = await h.agent(admin);
      const short = await makeVideo(h.deps, { organization_id: orgId, video_duration: 20 * 60 });
      const refused = await agent.post(`/r/videos/${short.id}/toggle_override_length_limit`).expect(422);
      assert.equal(refused.body.success, false);
      assert.equal(refused.body.checked, false);
      assert.match(refused.body.errors[0], /within its length limit of 30 minutes/);

      const long = await makeVideo(h.deps, { organization_id: orgId, video_duration: 45 * 60 });
      assert.deepEqual((await agent.post(`/r/videos/${long.id}/toggle_override_length_limit`).expect(200)).body, { success: true, checked: true, errors: [] });
      assert.equal((await h.deps.db('videos').where({ id: long.id }).first()).override_length_limit, true);
      assert.deepEqual((await agent.post(`/r/videos/${long.id}/toggle_override_length_limit`).expect(200)).body, { success: true, checked: false, errors: [] });

      const huge = await makeVideo(h.deps, { organization_id: orgId, video_duration: 121 * 60, override_length_limit: true });
      const tooLong = await agent.post(`/r/videos/${huge.id}/toggle_override_length_limit`).expect(422);
      assert.deepEqual([tooLong.body.success, tooLong.body.checked], [false, true]);
      assert.match(tooLong.body.errors[0], /maximum override length of 120 minutes/);
    });
  });

  describe('POST /r/videos/{id}/enqueue_job/notify', () => {
    it("puts a mail to the video's owner in the outbox", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, user_id: staff.id, title: 'Ruth Parker', finished: true, date_in_queue: new Date() });
      const res = await (await h.agent(admin)).post(`/r/videos/${video.id}/enqueue_job/notify`).expect(200);
      assert.equal(res.body.success, true);
      const mail = await h.deps.db('outbox').where({ recipient: staff.email }).orderBy('id', 'desc').first();
      assert.equal(mail.subject, 'The video for Ruth Parker is complete!');
      assert.ok(mail.body.includes(`/videos/${video.id}/details`));
    });

    it('refuses an unfinished video or one without an owner, with a message', async () => {
      const agent = await h.agent(admin);
      const unfinished = await makeVideo(h.deps, { organization_id: orgId, user_id: staff.id });
      assert.match((await agent.post(`/r/videos/${unfinished.id}/enqueue_job/notify`).expect(409)).body.errors[0], /not finished/);
      const orphan = await makeVideo(h.deps, { organization_id: orgId, user_id: null, finished: true });
      assert.match((await agent.post(`/r/videos/${orphan.id}/enqueue_job/notify`).expect(409)).body.errors[0], /no owner/);
    });
  });

  describe('POST /r/videos/{id}/enqueue_job/postback', () => {
    let queue: Queue | undefined;
    let receiver: Server | undefined;
    after(async () => {
      await queue?.stop();
      await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    });

    it('refuses a video without a postback address', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      assert.match((await (await h.agent(admin)).post(`/r/videos/${video.id}/enqueue_job/postback`).expect(409)).body.errors[0], /no postback URL/);
    });

    it("POSTs the video's JSON to its postback_url, retries after the receiver fails and logs every try", async function () {
      this.timeout(60_000);
      const received: { status: number; body: Record<string, unknown>; type: string | undefined }[] = [];
      receiver = createServer((req: IncomingMessage, res) => {
        let text = '';
        req.on('data', (chunk) => (text += chunk));
        req.on('end', () => {
          const status = received.length === 0 ? 503 : 204;
          received.push({ status, body: JSON.parse(text), type: req.headers['content-type'] });
          res.writeHead(status).end();
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/video`;
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Posted Back', postback_url: url, foreign_id: 'case-77', finished: true });

      queue = await startQueue(h.database.url);
      const deps = createDeps(h.config, h.database.db, queue);
      // This test's worker does postbacks only: no library preparation or render watchdog on its schedules.
      await queue.work({ ...jobHandlers(deps), 'library.prepare': async () => {}, 'render.prune': async () => {} });
      const agent = supertest.agent(createApp(deps).callback());
      await agent.post('/users/login').send({ email: admin.email, password: PASSWORD }).expect(200);
      const res = await agent.post(`/r/videos/${video.id}/enqueue_job/postback`).expect(200);
      assert.equal(res.body.success, true);

      const deadline = Date.now() + 50_000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      assert.equal(received.length, 2, 'a failed try is retried');
      assert.equal(received[1].type, 'application/json');
      const body = received[1].body as { event: string; video: { id: number; title: string; foreign_id: string }; links: { hd: string } };
      assert.equal(body.event, 'video.postback');
      assert.deepEqual([body.video.id, body.video.title, body.video.foreign_id], [video.id, 'Posted Back', 'case-77']);
      assert.match(body.links.hd, new RegExp(`/downloads/video/${video.video_code}/hd\\.mp4$`));

      let attempts: { attempt: number; status_code: number; error: string | null }[] = [];
      while (attempts.length < 2 && Date.now() < deadline) {
        attempts = await h.deps.db('postback_attempts').where({ video_id: video.id }).orderBy('id');
        if (attempts.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.deepEqual(attempts.map((a) => [a.attempt, a.status_code]), [[1, 503], [2, 204]]);
      assert.match(attempts[0].error ?? '', /503/);
      assert.equal(attempts[1].error, null);

      const debug = JSON.parse((await agent.get(`/r/videos/${video.id}/debug`).expect(200)).text);
      assert.deepEqual(debug.postback_attempts.map((a: { attempt: number }) => a.attempt), [2, 1]);
      assert.ok(debug.jobs.some((j: { name: string }) => j.name === 'videos.postback'), 'the job history holds the postback job');
      const details = (await agent.get(`/r/videos/${video.id}`).expect(200)).body.details;
      assert.deepEqual(details.admin_jobs.find((j: { job: string }) => j.job === 'postback'), { ...details.admin_jobs.find((j: { job: string }) => j.job === 'postback'), status: 'done', message: 'HTTP 204' });
    });
  });

  describe('POST /r/videos/{id}/notify_silk', () => {
    it("counts the video's enabled, checked devices and marks the request on each", async () => {
      const agent = await h.agent(admin);
      const bare = await makeVideo(h.deps, { organization_id: orgId });
      assert.deepEqual((await agent.post(`/r/videos/${bare.id}/notify_silk`).expect(200)).body, { success: true, notified: 0 });
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const silks = await h.deps
        .db('silks')
        .insert([
          { organization_id: orgId, label: 'Chapel TV', device_id: `dev-a-${video.id}` },
          { organization_id: orgId, label: 'Old TV', device_id: `dev-b-${video.id}`, disabled: true },
          { organization_id: orgId, label: 'Lobby TV', device_id: `dev-c-${video.id}` },
        ])
        .returning('id');
      await h.deps.db('video_silks').insert([
        { video_id: video.id, silk_id: silks[0].id, checked: true },
        { video_id: video.id, silk_id: silks[1].id, checked: true },
        { video_id: video.id, silk_id: silks[2].id, checked: false },
      ]);
      assert.deepEqual((await agent.post(`/r/videos/${video.id}/notify_silk`).expect(200)).body, { success: true, notified: 1 });
      const marked = await h.deps.db('video_silks').where({ video_id: video.id, silk_id: silks[0].id }).first();
      assert.match(marked.status.requested_at, /^\d{4}-\d\d-\d\dT/);
    });
  });

  describe('GET /activity_logs.json', () => {
    it('filters by video, user and address, newest first, within the limit, with browser and system', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const logs = h.deps.repos.activityLogs;
      await logs.record({ action: 'First', userId: staff.id, videoId: video.id, ip: '10.0.0.1', userAgent: chrome });
      await logs.record({ action: 'Second', userId: admin.id, videoId: video.id, ip: '10.0.0.2' });
      await logs.record({ action: 'Elsewhere', userId: staff.id, ip: '10.0.0.1' });
      const agent = await h.agent(admin);
      const byVideo = (await agent.get(`/activity_logs.json?video_id=${video.id}`).expect(200)).body;
      assert.deepEqual(byVideo.map((r: { action: string }) => r.action), ['Second', 'First']);
      const first = byVideo[1];
      assert.deepEqual(Object.keys(first).sort(), ['action', 'browser', 'datetime', 'id', 'ip', 'os', 'user_agent', 'user_id', 'user_name', 'video_id']);
      assert.deepEqual([first.browser, first.os, first.user_agent.user_agent, first.user_name], ['Chrome', 'Windows', chrome, 'Sam Staff']);
      const byUser = (await agent.get(`/activity_logs.json?user_id=${staff.id}&ip=10.0.0.1`).expect(200)).body;
      assert.deepEqual(byUser.map((r: { action: string }) => r.action).slice(0, 2), ['Elsewhere', 'First']);
      assert.equal((await agent.get(`/activity_logs.json?video_id=${video.id}&limit=1`).expect(200)).body.length, 1);
      assert.match((await agent.get('/activity_logs.json?user_id=abc').expect(400)).body.errors[0], /user_id/);
    });
  });

  describe('GET /r/obituaries/status', () => {
    it('answers nulls for a video whose organization has no obituary website', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, obit_url: 'https://nowhere.example/obituaries/x' });
      const res = await (await h.agent(admin)).get(`/r/obituaries/status?video_id=${video.id}`).expect(200);
      assert.deepEqual(res.body, { website: null, domain: null, obituary: null, obituary_video: null });
    });

    it('finds the website by the obit_url domain, the obituary by foreign id or slug, and its record of the video', async () => {
      const agent = await h.agent(admin);
      const [website] = await h.deps
        .db('obituary_websites')
        .insert({ organization_id: orgId, name: 'Cedar Obituaries', domain: 'cedar.example', obituary_slug: 'obits' })
        .returning('*');
      const [bySlug] = await h.deps.db('obituaries').insert({ website_id: website.id, slug: 'mary-jones' }).returning('*');
      const video = await makeVideo(h.deps, { organization_id: orgId, obit_url: 'https://cedar.example/obits/mary-jones' });
      const draft = (await agent.get(`/r/obituaries/status?video_id=${video.id}`).expect(200)).body;
      assert.deepEqual(draft, {
        website: { id: website.id, name: 'Cedar Obituaries', obituary_slug: 'obits' },
        domain: { domain: 'cedar.example' },
        obituary: { id: bySlug.id, slug: 'mary-jones', published_at: null, deleted_at: null },
        obituary_video: null,
      });

      const published = new Date('2026-11-01T10:00:00Z');
      const [byForeignId] = await h.deps.db('obituaries').insert({ website_id: website.id, slug: 'john-smith', foreign_id: 'F-9', published_at: published }).returning('*');
      const linked = await makeVideo(h.deps, { organization_id: orgId, foreign_id: 'F-9' });
      await h.deps.db('obituary_videos').insert({ obituary_id: byForeignId.id, video_id: linked.id, name: 'Memorial video', is_ready: false });
      const status = (await agent.get(`/r/obituaries/status?video_id=${linked.id}`).expect(200)).body;
      assert.deepEqual(status.obituary, { id: byForeignId.id, slug: 'john-smith', published_at: published.toISOString(), deleted_at: null });
      assert.deepEqual(status.obituary_video, { name: 'Memorial video', deleted_at: null, is_ready: false });
    });
  });

  describe('the demo obituary', () => {
    it("gives the demo tribute a published obituary showing it, once, so the widget has real records", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Demo tribute' });
      await h.deps.db('system_settings').insert({ key: DEMO_TRIBUTE_KEY, value: JSON.stringify({ video_id: video.id }) });
      await seedDemoObituary(h.deps.db);
      await seedDemoObituary(h.deps.db);
      const status = (await (await h.agent(admin)).get(`/r/obituaries/status?video_id=${video.id}`).expect(200)).body;
      assert.equal(status.obituary.slug, 'eleanor-grace-whitfield');
      assert.notEqual(status.obituary.published_at, null);
      assert.deepEqual(status.obituary_video, { name: 'Tribute video', deleted_at: null, is_ready: true });
      assert.equal((await h.deps.db('obituary_videos').where({ video_id: video.id })).length, 1, 'seeded once');
    });
  });

  describe('GET /r/videos/{id}/resources', () => {
    it('lists every stored file of the video with its size and a link that serves it', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const [render] = await h.deps.db('renders').insert({ video_id: video.id, kind: 'hd', hash: 'h1', status: 'done' }).returning('*');
      await h.deps.repos.storage.write(`videos/${video.id}/slides/5/original.jpg`, Buffer.alloc(2048, 1));
      await h.deps.repos.storage.write(`videos/${video.id}/slides/5/derived/big.jpg`, Buffer.alloc(1000, 2));
      await h.deps.repos.storage.write(`videos/${video.id}/renders/${render.id}/hd.mp4`, Buffer.alloc(3 * 1024 * 1024, 3));
      const agent = await h.agent(admin);
      const res = await agent.get(`/r/videos/${video.id}/resources`).expect(200);
      const rows = res.body.files.map((f: { key: string; kind: string; bytes: number }) => [f.key.replace(`videos/${video.id}/`, ''), f.kind, f.bytes]);
      assert.deepEqual(rows, [
        [`renders/${render.id}/hd.mp4`, `HD render ${render.id}`, 3 * 1024 * 1024],
        ['slides/5/derived/big.jpg', 'Slide 5: derived image', 1000],
        ['slides/5/original.jpg', 'Slide 5: original', 2048],
      ]);
      assert.equal(res.body.total_bytes, 3 * 1024 * 1024 + 3048);
      const file = await agent.get(res.body.files[2].url).buffer(true).expect(200);
      assert.equal(file.headers['content-type'], 'image/jpeg');
      assert.equal(Number(file.headers['content-length']), 2048);
      await agent.get(`/r/videos/${video.id}/resources/file?key=${encodeURIComponent(`videos/${video.id}/../1/x.jpg`)}`).expect(404);
      await agent.get(`/r/videos/${video.id}/resources/file?key=${encodeURIComponent('videos/1/slides/5/original.jpg')}`).expect(404);
    });
  });

  describe('GET /r/videos/{id}/debug', () => {
    it("answers the newest HD render's plan and every render with its tasks", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const plan = { version: 3, segments: [{ slide: 1, seconds: 6 }] };
      const [render] = await h.deps.db('renders').insert({ video_id: video.id, kind: 'hd', hash: 'abc', status: 'rendering', plan: JSON.stringify(plan) }).returning('*');
      await h.deps.db('render_tasks').insert({ render_id: render.id, task: 'segment:0', state: 'done', attempts: 1 });
      const res = await (await h.agent(admin)).get(`/r/videos/${video.id}/debug`).expect(200);
      assert.match(res.headers['content-type'], /application\/json/);
      const debug = JSON.parse(res.text);
      assert.deepEqual(debug.plan, plan);
      assert.equal(debug.renders[0].id, render.id);
      assert.deepEqual(debug.renders[0].tasks, [{ task: 'segment:0', state: 'done', attempts: 1, worker: null, error: null }]);
      assert.deepEqual(debug.jobs, [], 'no queue ran in this process: no jobs');
    });
  });

  describe('GET /r/videos/{id} details', () => {
    it('gives super users the job rows, the partner account, the override maximum and the referers', async () => {
      await h.deps.db('obituary_websites').insert({ organization_id: orgId, name: 'Cedar Obituaries', domain: 'cedar.example' });
      const video = await makeVideo(h.deps, { organization_id: orgId, user_id: staff.id });
      await h.deps.db('renders').insert({ video_id: video.id, kind: 'web', hash: 'w', status: 'rendering', progress: 40, message: 'Making the web video' });
      const details = (await (await h.agent(admin)).get(`/r/videos/${video.id}`).expect(200)).body.details;
      assert.deepEqual(details.admin_jobs.map((j: { job: string; status: string; progress: number }) => [j.job, j.status, j.progress]), [['web', 'rendering', 40]]);
      assert.equal(details.affiliate_customer, 'Cedar Obituaries');
      assert.equal(typeof details.affiliate_id, 'number');
      assert.equal(details.max_override_length, 120);
      assert.deepEqual(details.top_referers, []);
      assert.equal((await (await h.agent(staff)).get(`/r/videos/${video.id}`).expect(200)).body.details, undefined);
    });
  });
});
