import assert from 'node:assert/strict';
import type TestAgent from 'supertest/lib/agent.js';
import { ACCESS_FULL, ACCESS_OFF, ACCESS_UPLOAD_ONLY } from '../src/services/video-access.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('video setup', () => {
  let h: Harness;
  let orgId: number;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;
  let staffAgent: TestAgent;
  let brandIds: number[];
  let foreignBrandId: number;
  const notices: { videoId: number; owner: string | null }[] = [];

  before(async () => {
    h = await startHarness();
    h.deps.live = {
      notify: async (videoId, owner) => void notices.push({ videoId, owner }),
      close: async () => undefined,
    };
    orgId = (await makeOrganization(h.deps, 'Willow Funeral Home')).id;
    await h.deps.db('organizations').where({ id: orgId }).update({ billing_id_prompt: 'Case number' });
    staff = await makeUser(h.deps, { organizationId: orgId });
    stranger = await makeUser(h.deps);
    const brands = await h.deps.db('brands').insert([
      { organization_id: orgId, name: 'Willow' },
      { organization_id: orgId, name: 'Riverside Chapel', logo_path: 'logos/riverside.png' },
    ]).returning('id');
    brandIds = brands.map((b: { id: number }) => b.id);
    [{ id: foreignBrandId }] = await h.deps.db('brands').insert({ organization_id: stranger.organization_id, name: 'Elsewhere' }).returning('id');
    await h.deps.db('themes').insert([
      { id: 1, theme_title: 'Custom Theme Base' },
      { id: 5, theme_title: 'Autumn Leaves' },
      { id: 6, theme_title: 'Retired', disabled: true },
    ]);
    staffAgent = await h.agent(staff);
  });
  after(async () => h.close());

  const videoRow = (id: number) => h.deps.db('videos').where({ id }).first();

  describe('POST /r/videos', () => {
    it("creates the video in the user's organization with the first brand and answers its id", async () => {
      const res = await staffAgent
        .post('/r/videos')
        .send({ video: { title: 'Margaret Hughes', subtitle: '1931 - 2026', intro_text: 'Forever loved', billing_id: 'C-17' }, user_id: staff.id })
        .expect(201);
      const row = await videoRow(res.body.video_id);
      assert.equal(row.organization_id, orgId);
      assert.equal(row.user_id, staff.id);
      assert.equal(row.title, 'Margaret Hughes');
      assert.equal(row.subtitle, '1931 - 2026');
      assert.equal(row.intro_text, 'Forever loved');
      assert.equal(row.billing_id, 'C-17');
      assert.equal(row.brand_id, brandIds[0]);
      assert.equal(row.date_in_queue, null);
    });

    it('needs a title that is not blank', async () => {
      const blank = await staffAgent.post('/r/videos').send({ video: { title: '   ' } }).expect(422);
      assert.deepEqual(blank.body, { errors: ['Title is required.'] });
      const none = await staffAgent.post('/r/videos').send({ video: { subtitle: 'No title' } }).expect(422);
      assert.deepEqual(none.body, { errors: ['Title is required.'] });
    });

    it('refuses text over 250 characters, naming every field, the billing field by its prompt', async () => {
      const long = 'x'.repeat(251);
      const res = await staffAgent
        .post('/r/videos')
        .send({ video: { title: long, subtitle: long, intro_text: long, billing_id: long } })
        .expect(422);
      assert.deepEqual(res.body.errors, [
        'Title must be at most 250 characters.',
        'Subtitle must be at most 250 characters.',
        'Introductory Text must be at most 250 characters.',
        'Case number must be at most 250 characters.',
      ]);
      await staffAgent.post('/r/videos').send({ video: { title: 'y'.repeat(250) } }).expect(201);
    });

    it("refuses another organization's brand and an unavailable theme", async () => {
      const brand = await staffAgent.post('/r/videos').send({ video: { title: 'A', brand_id: foreignBrandId } }).expect(422);
      assert.deepEqual(brand.body.errors, ['That brand is not available.']);
      const theme = await staffAgent.post('/r/videos').send({ video: { title: 'A', theme_id: 6 } }).expect(422);
      assert.deepEqual(theme.body.errors, ['That theme is not available.']);
    });

    it('asks a signed-out caller to log in', async () => {
      await h.request().post('/r/videos').send({ video: { title: 'A' } }).expect(401);
    });

    it('lets only a super user create a video for someone else, in their organization', async () => {
      const refused = await staffAgent.post('/r/videos').send({ video: { title: 'Not mine' }, user_id: stranger.id }).expect(403);
      // A user id that does not exist is refused in the same words: ids cannot be probed.
      const missing = await staffAgent.post('/r/videos').send({ video: { title: 'Not mine' }, user_id: 987654 }).expect(403);
      assert.deepEqual(missing.body, refused.body);
      const admin = await makeUser(h.deps, { role: 'super' });
      const res = await (await h.agent(admin)).post('/r/videos').send({ video: { title: 'For them' }, user_id: stranger.id }).expect(201);
      const row = await videoRow(res.body.video_id);
      assert.equal(row.organization_id, stranger.organization_id);
      assert.equal(row.user_id, stranger.id);
    });
  });

  describe('PATCH /r/videos/{id}', () => {
    it('changes only the fields sent and tells live sync who changed them', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Before', subtitle: 'Keep me' });
      notices.length = 0;
      const res = await staffAgent.patch(`/r/videos/${video.id}`).set('X-Live-Socket', 'socket-1').send({ video: { title: 'After', use_logo: true } }).expect(200);
      const row = await videoRow(video.id);
      // Spec 3 section 7: PATCH answers the video, as GET reads it, with the change in it.
      const read = await staffAgent.get(`/r/videos/${video.id}`).expect(200);
      assert.deepEqual(res.body, read.body);
      assert.equal(res.body.title, 'After');
      assert.equal(res.body.use_logo, true);
      assert.equal(row.title, 'After');
      assert.equal(row.subtitle, 'Keep me');
      assert.equal(row.use_logo, true);
      assert.deepEqual(notices, [{ videoId: video.id, owner: 'socket-1' }]);
    });

    it('enforces the limits and the title on every change', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Kept' });
      const res = await staffAgent.patch(`/r/videos/${video.id}`).send({ video: { title: '', intro_text: 'z'.repeat(251) } }).expect(422);
      assert.deepEqual(res.body.errors, ['Introductory Text must be at most 250 characters.', 'Title is required.']);
      assert.equal((await videoRow(video.id)).title, 'Kept');
    });

    it('keeps theme and custom theme together: a plain theme clears the custom one', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const [custom] = await h.deps.db('custom_themes').insert({ theme_id: 5, organization_id: orgId, title: 'Mine' }).returning('*');
      await staffAgent.patch(`/r/videos/${video.id}`).send({ video: { custom_theme_id: custom.id } }).expect(200);
      let row = await videoRow(video.id);
      assert.deepEqual([row.theme_id, row.custom_theme_id], [5, custom.id]);
      await staffAgent.patch(`/r/videos/${video.id}`).send({ video: { theme_id: 1 } }).expect(200);
      row = await videoRow(video.id);
      assert.deepEqual([row.theme_id, row.custom_theme_id], [1, null]);
    });

    it("refuses another organization's custom theme", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId });
      const [custom] = await h.deps.db('custom_themes').insert({ theme_id: 5, organization_id: stranger.organization_id }).returning('*');
      const res = await staffAgent.patch(`/r/videos/${video.id}`).send({ video: { custom_theme_id: custom.id } }).expect(422);
      assert.deepEqual(res.body.errors, ['That custom theme is not available.']);
    });

    it("answers another organization's video like a missing one", async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Theirs' });
      const agent = await h.agent(stranger);
      const missing = await agent.patch('/r/videos/999999').send({ video: { title: 'x' } }).expect(404);
      const res = await agent.patch(`/r/videos/${video.id}`).send({ video: { title: 'Mine now' } }).expect(404);
      assert.deepEqual(res.body, missing.body);
      assert.equal((await videoRow(video.id)).title, 'Theirs');
    });

    it('refuses changes to a finalized video', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, date_in_queue: new Date() });
      await staffAgent.patch(`/r/videos/${video.id}`).send({ video: { title: 'Late' } }).expect(409);
    });

    describe('through the family upload link', () => {
      it('lets a full-access family change the words and the theme', async () => {
        const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_FULL });
        await h.request().patch(`/r/videos/${video.security_hash}`).send({ video: { title: 'Grandma', subtitle: 'Always', intro_text: 'Hi', theme_id: 5 } }).expect(200);
        const row = await videoRow(video.id);
        assert.deepEqual([row.title, row.subtitle, row.intro_text, row.theme_id], ['Grandma', 'Always', 'Hi', 5]);
      });

      it('never lets the family change billing, branding or custom themes', async () => {
        const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_FULL, billing_id: 'B-1' });
        const [custom] = await h.deps.db('custom_themes').insert({ theme_id: 5, organization_id: orgId }).returning('*');
        for (const change of [{ billing_id: 'B-2' }, { brand_id: brandIds[1] }, { use_logo: true }, { custom_theme_id: custom.id }]) {
          await h.request().patch(`/r/videos/${video.id}`).send({ security_hash: video.security_hash, video: change }).expect(403);
        }
        const row = await videoRow(video.id);
        assert.deepEqual([row.billing_id, row.brand_id, row.use_logo, row.custom_theme_id], ['B-1', null, false, null]);
      });

      it('refuses an upload-only link and a link that is off', async () => {
        const uploadOnly = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_UPLOAD_ONLY });
        await h.request().patch(`/r/videos/${uploadOnly.security_hash}`).send({ video: { title: 'x' } }).expect(404);
        const off = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_OFF });
        await h.request().patch(`/r/videos/${off.security_hash}`).send({ video: { title: 'x' } }).expect(410);
      });
    });
  });

  describe('GET /r/videos/{id} creator facts', () => {
    it('gives staff the setup fields, brands by name, billing prompt and manage rights', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, brand_id: brandIds[1], use_logo: true, upload_link_note: 'Hello' });
      const res = await staffAgent.get(`/r/videos/${video.id}`).expect(200);
      assert.equal(res.body.brand_id, brandIds[1]);
      assert.equal(res.body.use_logo, true);
      assert.deepEqual(res.body.creator, {
        editable: true,
        read_only: false,
        manageable: true,
        full_access: true,
        regeneration: false,
        family_upload_finished: false,
        upload_link_note: 'Hello',
        edit_link: null,
        organization: {
          organization_name: 'Willow Funeral Home',
          upload_links_enabled: true,
          show_branding: true,
          has_logo: true,
          billing_id_prompt: 'Case number',
          brands: [
            { id: brandIds[1], name: 'Riverside Chapel' },
            { id: brandIds[0], name: 'Willow' },
          ],
          show_artwork: true,
          affiliate_customer: false,
        },
      });
    });

    it('marks a finalized video read-only with the edit link, and a reopened one as regenerating', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, date_in_queue: new Date(), finished: true });
      const finalized = (await staffAgent.get(`/r/videos/${video.id}`).expect(200)).body.creator;
      assert.deepEqual([finalized.editable, finalized.read_only, finalized.regeneration], [false, true, false]);
      assert.equal(finalized.edit_link, `/r/videos/${video.id}/make_editable?redirect=setup`);
      await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: null });
      const reopened = (await staffAgent.get(`/r/videos/${video.id}`).expect(200)).body.creator;
      assert.deepEqual([reopened.editable, reopened.read_only, reopened.regeneration, reopened.edit_link], [true, false, true, null]);
    });

    it('tells a family neither brands nor billing, and that it cannot manage', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_FULL, date_in_queue: new Date() });
      const res = await h.request().get(`/r/videos/${video.security_hash}`).expect(200);
      assert.equal(res.body.creator.manageable, false);
      assert.equal(res.body.creator.edit_link, null);
      assert.equal(res.body.creator.read_only, true);
      assert.deepEqual(res.body.creator.organization.brands, []);
      assert.equal(res.body.creator.organization.billing_id_prompt, null);
      assert.equal(res.body.creator.organization.organization_name, 'Willow Funeral Home');
    });

    it('tells a family whether its link has full access; an upload-only link has none', async () => {
      const full = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_FULL });
      const fullFacts = (await h.request().get(`/r/videos/${full.security_hash}`).expect(200)).body.creator;
      assert.deepEqual([fullFacts.full_access, fullFacts.editable, fullFacts.read_only], [true, true, false]);
      const uploadOnly = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_UPLOAD_ONLY });
      const facts = (await h.request().get(`/r/videos/${uploadOnly.security_hash}`).expect(200)).body.creator;
      assert.equal(facts.full_access, false);
      assert.equal(facts.manageable, false);
      // Staff of the same video keep full access whatever the link's level.
      assert.equal((await staffAgent.get(`/r/videos/${uploadOnly.id}`).expect(200)).body.creator.full_access, true);
    });
  });

  describe('GET /r/videos/setup_options', () => {
    it("answers the user's organization for a video not made yet", async () => {
      const res = await staffAgent.get('/r/videos/setup_options').expect(200);
      assert.equal(res.body.organization.billing_id_prompt, 'Case number');
      assert.equal(res.body.organization.brands.length, 2);
      assert.equal(res.body.organization.show_artwork, true);
      assert.equal(res.body.organization.affiliate_customer, false);
      await h.request().get('/r/videos/setup_options').expect(401);
    });

    it("says when the artwork preview is off and when the organization came through a website partner", async () => {
      await h.deps.db('organizations').where({ id: orgId }).update({ show_artwork: false, partner_name: 'SiteWorks' });
      try {
        const res = await staffAgent.get('/r/videos/setup_options').expect(200);
        assert.equal(res.body.organization.show_artwork, false);
        assert.equal(res.body.organization.affiliate_customer, true, 'an affiliate customer: the warning shows');
        const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_FULL });
        const family = (await h.request().get(`/r/videos/${video.security_hash}`).expect(200)).body.creator.organization;
        assert.equal(family.affiliate_customer, false, 'never told to a family');
      } finally {
        await h.deps.db('organizations').where({ id: orgId }).update({ show_artwork: true, partner_name: null });
      }
    });
  });

  describe('POST /r/videos/{id}/make_editable', () => {
    it('reopens a finalized video and names the setup page to go to', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, date_in_queue: new Date(), finished: true });
      notices.length = 0;
      const res = await staffAgent.post(`/r/videos/${video.id}/make_editable?redirect=setup`).expect(200);
      assert.deepEqual(res.body, { success: true, redirect: `/creator/${video.id}/setup` });
      assert.equal((await videoRow(video.id)).date_in_queue, null);
      assert.deepEqual(notices.map((n) => n.videoId), [video.id]);
      await staffAgent.patch(`/r/videos/${video.id}`).send({ video: { title: 'Editable again' } }).expect(200);
    });

    it('is for staff who manage the video: not a family link, not another organization', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, date_in_queue: new Date(), upload_link_access_level: ACCESS_FULL });
      await h.request().post(`/r/videos/${video.security_hash}/make_editable`).expect(404);
      await (await h.agent(stranger)).post(`/r/videos/${video.id}/make_editable`).expect(404);
      assert.notEqual((await videoRow(video.id)).date_in_queue, null);
    });
  });
});
