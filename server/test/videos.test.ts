import assert from 'node:assert/strict';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('video routes', () => {
  let h: Harness;
  let orgId: number;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;

  before(async () => {
    h = await startHarness();
    orgId = (await makeOrganization(h.deps, 'Willow Funeral Home')).id;
    staff = await makeUser(h.deps, { organizationId: orgId });
    stranger = await makeUser(h.deps);
  });
  after(async () => h.close());

  describe('GET /r/videos/list', () => {
    it("lists the caller's organization's live videos, newest first, with names of their organizations", async () => {
      const first = await makeVideo(h.deps, { organization_id: orgId, title: 'First', date_in_queue: new Date(), viewed: 7 });
      const second = await makeVideo(h.deps, { organization_id: orgId, title: 'Second', intro_text: 'In memory', subtitle: '1950 - 2026' });
      const gone = await makeVideo(h.deps, { organization_id: orgId, title: 'Gone', deleted_at: new Date() });
      const foreign = await makeVideo(h.deps, { organization_id: stranger.organization_id, title: 'Elsewhere' });
      const agent = await h.agent(staff);
      const res = await agent.get('/r/videos/list?context_org=0').expect(200);
      const ids = res.body.videos.map((v: { id: number }) => v.id);
      assert.ok(ids.indexOf(second.id) < ids.indexOf(first.id), 'newest project first');
      assert.ok(!ids.includes(gone.id), 'deleted videos are left out');
      assert.ok(!ids.includes(foreign.id), "another organization's videos are left out");
      const row = res.body.videos.find((v: { id: number }) => v.id === second.id);
      assert.deepEqual(Object.keys(row).sort(), [
        'cover_photo_thumb_url', 'date_in_queue', 'finished', 'id', 'intro_text', 'organization_id', 'subtitle', 'title', 'viewed',
      ]);
      assert.equal(row.intro_text, 'In memory');
      assert.equal(row.date_in_queue, null);
      assert.equal(row.finished, false);
      assert.match(row.cover_photo_thumb_url, new RegExp(`^/r/videos/${second.id}/cover_thumb\\?v=`));
      assert.equal(res.body.videos.find((v: { id: number }) => v.id === first.id).viewed, 7);
      assert.deepEqual(res.body.organizations, [{ id: orgId, organization_name: 'Willow Funeral Home' }]);
      assert.equal(typeof res.body.tmp_org_name, 'string');
    });

    it('lists every organization for super users', async () => {
      const admin = await makeUser(h.deps, { role: 'super' });
      const foreign = await makeVideo(h.deps, { organization_id: stranger.organization_id, title: 'Elsewhere too' });
      const res = await (await h.agent(admin)).get('/r/videos/list?context_org=0').expect(200);
      assert.ok(res.body.videos.some((v: { id: number }) => v.id === foreign.id));
      assert.ok(res.body.organizations.some((o: { id: number }) => o.id === stranger.organization_id));
    });

    it('asks a signed-out caller to log in', async () => {
      await h.request().get('/r/videos/list').expect(401);
    });
  });

  describe("another organization's video", () => {
    it('answers 404 with the same body as a missing video on every route', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const agent = await h.agent(stranger);
      const missing = await agent.get('/r/videos/999999').expect(404);
      for (const [method, path] of [
        ['get', `/r/videos/${video.id}`],
        ['delete', `/r/videos/${video.id}`],
        ['get', `/r/videos/${video.id}/cover_thumb`],
        ['get', '/r/videos/999999/cover_thumb'],
        ['delete', '/r/videos/999999'],
      ] as const) {
        const res = await agent[method](path).expect(404);
        assert.deepEqual(res.body, missing.body, `${method} ${path}`);
      }
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.equal(row.deleted_at, null);
    });
  });

  describe('DELETE /r/videos/{id}', () => {
    it('soft deletes: the row stays with deleted_at and the video leaves the list', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'To remove' });
      const agent = await h.agent(staff);
      await agent.delete(`/r/videos/${video.id}`).expect(200, { success: true });
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.ok(row, 'the row is kept');
      assert.ok(row.deleted_at instanceof Date);
      const list = await agent.get('/r/videos/list').expect(200);
      assert.ok(!list.body.videos.some((v: { id: number }) => v.id === video.id));
    });

    it('refuses a cross-site request and changes nothing', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const agent = await h.agent(staff);
      await agent.delete(`/r/videos/${video.id}`).set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site').expect(403);
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.equal(row.deleted_at, null);
    });

    it('refuses the family upload link', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: 1 });
      await h.request().delete(`/r/videos/${video.id}?security_hash=${video.security_hash}`).expect(404);
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.equal(row.deleted_at, null);
    });
  });

  describe('GET /r/videos/{id}', () => {
    it('reads the video in snake_case without changing it', async () => {
      const video = await makeVideo(h.deps, {
        organization_id: orgId,
        user_id: staff.id,
        title: 'Read me',
        billing_id: 'case-12',
        video_duration: 1900,
        date_in_queue: new Date(),
      });
      const agent = await h.agent(staff);
      const res = await agent.get(`/r/videos/${video.id}`).expect(200);
      assert.equal(res.body.id, video.id);
      assert.equal(res.body.title, 'Read me');
      assert.equal(res.body.video_code, video.video_code);
      assert.equal(res.body.billing_id, 'case-12');
      assert.equal(res.body.length_limit, 30);
      assert.equal(res.body.over_length_limit, true);
      assert.equal(res.body.display_duration, '31:40');
      assert.equal(res.body.deleted, false);
      assert.equal(res.body.urls.editor, `/creator/${video.id}/slides`);
      assert.equal(res.body.urls.preview, `/creator/${video.id}/preview`);
      assert.equal(res.body.urls.tribute, `/videos/embedded_video/${video.video_code}`, 'a finalized video without an obituary page: its player page');
      assert.deepEqual([res.body.urls.edit_video_org, res.body.urls.edit_user, res.body.urls.edit_user_org], [null, null, null], 'administration links are for super users');
      assert.deepEqual(res.body.silks, []);
      assert.equal(res.body.details, undefined, 'admin details are for super users');
      const after = await h.deps.db('videos').where({ id: video.id }).first();
      assert.deepEqual(after, video);
    });

    it('lets the family upload link read it, without billing details', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: 2, billing_id: 'secret', postback_url: 'https://x.example/p' });
      const res = await h.request().get(`/r/videos/${video.id}?security_hash=${video.security_hash}`).expect(200);
      assert.equal(res.body.id, video.id);
      assert.equal(res.body.billing_id, '');
      assert.equal(res.body.postback_url, null);
      const byHash = await h.request().get(`/r/videos/${video.security_hash}`).expect(200);
      assert.equal(byHash.body.id, video.id);
    });

    it('carries the largest slide file while the video is in the queue and unfinished (the slow-generation warning)', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, date_in_queue: new Date(), finished: false });
      const big = 3 * 1024 ** 3;
      await h.deps.db('slides').insert([
        { video_id: video.id, position: 0, orig_path: 'a.jpg', bytes: 1000 },
        { video_id: video.id, position: 1, orig_path: 'b.mp4', bytes: big },
        { video_id: video.id, position: 2, orig_path: 'c.mp4', bytes: big * 2, deleted_at: new Date() },
      ]);
      const agent = await h.agent(staff);
      assert.equal((await agent.get(`/r/videos/${video.id}`).expect(200)).body.max_slide_size, big);
      await h.deps.db('videos').where({ id: video.id }).update({ finished: true });
      assert.equal((await agent.get(`/r/videos/${video.id}`).expect(200)).body.max_slide_size, null);
    });

    it('gives super users the admin details', async () => {
      const admin = await makeUser(h.deps, { role: 'super' });
      const video = await makeVideo(h.deps, { organization_id: orgId, user_id: staff.id });
      const res = await (await h.agent(admin)).get(`/r/videos/${video.id}`).expect(200);
      assert.equal(res.body.details.video_org_name, 'Willow Funeral Home');
      assert.equal(res.body.details.video_user_name, (await h.deps.db('users').where({ id: staff.id }).first()).name);
      assert.equal(res.body.details.affiliate_is_tribute_production, false, 'no website partner');
      assert.equal(res.body.urls.edit_video_org, `/settings/organizations?edit=${orgId}`);
      assert.equal(res.body.urls.edit_user, `/settings/users/${staff.id}`);
      assert.equal(res.body.urls.edit_user_org, `/settings/organizations?edit=${orgId}`);
      assert.equal(res.body.urls.tribute, null, 'not finalized: no public page yet');
    });

    it("links the cover to the obituary page, and marks a partner's production account", async () => {
      const admin = await makeUser(h.deps, { role: 'super' });
      const partnered = (await makeOrganization(h.deps, 'Oak Chapel')).id;
      await h.deps.db('organizations').where({ id: partnered }).update({ partner_name: 'SiteWorks', partner_dev: false });
      const creatorOrg = (await makeOrganization(h.deps, 'Elm Parlour')).id;
      const creator = await makeUser(h.deps, { organizationId: creatorOrg });
      const video = await makeVideo(h.deps, { organization_id: partnered, user_id: creator.id, date_in_queue: new Date(), obit_url: 'https://oak.example/obituaries/jane-doe' });
      const res = await (await h.agent(admin)).get(`/r/videos/${video.id}`).expect(200);
      assert.equal(res.body.urls.tribute, 'https://oak.example/obituaries/jane-doe');
      assert.equal(res.body.details.affiliate_is_tribute_production, true);
      assert.equal(res.body.urls.edit_video_org, `/settings/organizations?edit=${partnered}`);
      assert.equal(res.body.urls.edit_user_org, `/settings/organizations?edit=${creatorOrg}`);
      await h.deps.db('organizations').where({ id: partnered }).update({ partner_dev: true });
      await h.deps.db('videos').where({ id: video.id }).update({ obit_url: null, hide_embed: true });
      const dev = await (await h.agent(admin)).get(`/r/videos/${video.id}`).expect(200);
      assert.equal(dev.body.details.affiliate_is_tribute_production, false, 'a development account');
      assert.equal(dev.body.urls.tribute, null, 'a hidden player without an obituary page has no public page');
    });
  });

  describe('GET /r/videos/{id}/cover_thumb', () => {
    it("draws a cacheable placeholder with the title's initials", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'José Álvarez' });
      const agent = await h.agent(staff);
      const res = await agent.get(`/r/videos/${video.id}/cover_thumb`).buffer(true).expect(200);
      assert.match(res.headers['content-type'], /image\/svg\+xml/);
      assert.match(res.headers['cache-control'], /max-age=/);
      assert.match(res.body.toString(), />JÁ</);
      const again = await agent.get(`/r/videos/${video.id}/cover_thumb`).set('If-None-Match', res.headers.etag).expect(304);
      assert.equal(again.text, '');
    });

    it("sends the browser to the first photo's cover thumbnail once it is ready", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'With photos' });
      const photo = { video_id: video.id, orig_path: 'originals/a.jpg', sha256: 'a'.repeat(64), processing_state: 'ready' };
      await h.deps.db('slides').insert([
        { ...photo, position: 0, is_text: true, orig_path: null, sha256: null },
        { ...photo, position: 1, processing_state: 'pending' },
        { ...photo, position: 2 },
      ]);
      const agent = await h.agent(staff);
      const placeholder = await agent.get(`/r/videos/${video.id}/cover_thumb`).expect(200);
      assert.match(placeholder.headers['content-type'], /svg/, 'the first photo is still processing');

      await h.deps.db('slides').where({ video_id: video.id, position: 1 }).update({ processing_state: 'ready' });
      const [first] = await h.deps.db('slides').where({ video_id: video.id, position: 1 });
      const res = await agent.get(`/r/videos/${video.id}/cover_thumb`).expect(302);
      assert.match(res.headers.location, new RegExp(`^/r/slides/${first.id}/image/cover_thumb-[0-9a-f]+\\.jpg$`));
      const list = await agent.get('/r/videos/list').expect(200);
      assert.equal(list.body.videos.find((v: { id: number }) => v.id === video.id).cover_photo_thumb_url, res.headers.location);
      const read = await agent.get(`/r/videos/${video.id}`).expect(200);
      assert.equal(read.body.urls.cover, res.headers.location);
      assert.match(read.body.urls.cover_big, new RegExp(`^/r/slides/${first.id}/image/cover_big-[0-9a-f]+\\.jpg$`), 'the details page shows the full-size cover');
    });
  });
});
