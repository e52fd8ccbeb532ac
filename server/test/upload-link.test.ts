import assert from 'node:assert/strict';
import { makeOrganization, makeUser, makeVideo, startHarness, ORIGIN, type Harness } from './harness.ts';
import { createUpload } from './tus-client.ts';

type Staff = { id: number; email: string; organization_id: number | null };

describe('family upload link', () => {
  let h: Harness;
  let staff: Staff;

  before(async () => {
    h = await startHarness();
    staff = await makeUser(h.deps, { role: 'org_admin' });
  });
  after(async () => h.close());

  const newVideo = (values: Record<string, unknown> = {}) => makeVideo(h.deps, { organization_id: staff.organization_id, user_id: staff.id, ...values });
  const row = async (id: number) => h.deps.db('videos').where({ id }).first();
  const outboxTo = (recipient: string) => h.deps.db('outbox').where({ recipient }).orderBy('id');

  describe('GET /r/videos/{id}/upload_link', () => {
    it('answers the family upload fields, the link under PUBLIC_URL, the share defaults and the share log', async () => {
      const video = await newVideo({ title: 'Ada Lovelace', upload_link_access_level: 2, upload_link_note: 'Hello family', upload_link_limit: 20 });
      await h.deps.db('share_logs').insert({ video_id: video.id, user_id: staff.id, share_type: 'upload_link', method: 'email', recipient: 'aunt@example.com' });
      await h.deps.db('share_logs').insert({ video_id: video.id, user_id: staff.id, share_type: 'video', method: 'email', recipient: 'other@example.com' });
      const agent = await h.agent(staff);
      const res = await agent.get(`/r/videos/${video.id}/upload_link`).expect(200);
      assert.equal(res.body.upload_link, `${ORIGIN}/creator/${video.security_hash}/slides`);
      assert.equal(res.body.upload_link_access_level, 2);
      assert.equal(res.body.upload_link_note, 'Hello family');
      assert.equal(res.body.upload_link_limit, 20);
      assert.equal(res.body.family_upload_finished, false);
      assert.equal(res.body.last_family_upload, null);
      assert.equal(res.body.done_email_fallback, staff.email);
      assert.equal(res.body.upload_links_enabled, true);
      assert.equal(res.body.music_upload_available, true);
      assert.match(res.body.share.email, new RegExp(`\n${res.body.upload_link}`));
      assert.match(res.body.share.text, new RegExp(`\n${res.body.upload_link}$`));
      assert.ok([...res.body.share.text].length <= 140);
      assert.equal(res.body.share.reply_to, staff.email);
      assert.deepEqual(
        res.body.share_log.map((r: { recipient: string; method: string }) => [r.method, r.recipient]),
        [['email', 'aunt@example.com']],
        'only shares of the upload link',
      );
      assert.equal(res.headers['cache-control'], 'no-store');
    });

    it("answers 404 to another organization's staff and to a caller with neither session nor hash", async () => {
      const video = await newVideo();
      const stranger = await h.agent(await makeUser(h.deps));
      const a = await stranger.get(`/r/videos/${video.id}/upload_link`).expect(404);
      const b = await h.request().get(`/r/videos/${video.id}/upload_link`).expect(404);
      const c = await stranger.get('/r/videos/999999/upload_link').expect(404);
      assert.deepEqual(a.body, c.body, 'the same body as a missing video');
      assert.deepEqual(b.body, c.body);
    });

    it('gives the family only what its Finish step needs', async () => {
      const video = await newVideo({ title: 'Grace Hopper', upload_link_access_level: 2, upload_link_done_button: true, upload_link_done_email: 'desk@example.com' });
      const res = await h.request().get(`/r/videos/${video.security_hash}/upload_link`).expect(200);
      assert.deepEqual(Object.keys(res.body).sort(), ['full_access', 'organization_name', 'title', 'upload_link_done_button', 'upload_link_limit', 'upload_link_note']);
      assert.equal(res.body.upload_link_done_button, true);
      assert.equal(res.body.full_access, false);
    });
  });

  describe('PATCH /r/videos/{id}/upload_link', () => {
    const patch = async (id: number, body: Record<string, unknown>, status = 200) =>
      (await (await h.agent(staff)).patch(`/r/videos/${id}/upload_link`).send(body).expect(status)).body;

    it('opens an off link as upload only, moves it with the full-access switch and turns it off', async () => {
      const video = await newVideo();
      assert.equal((await patch(video.id, { enabled: true })).upload_link_access_level, 2);
      assert.equal((await patch(video.id, { full_access: true })).upload_link_access_level, 1);
      assert.equal((await patch(video.id, { enabled: true })).upload_link_access_level, 1, 'switching on again keeps the level');
      assert.equal((await patch(video.id, { full_access: false })).upload_link_access_level, 2);
      assert.equal((await patch(video.id, { enabled: false })).upload_link_access_level, 0);
      assert.deepEqual(await patch(video.id, { full_access: true }, 409), { errors: ['Turn the upload link on first.'] });
      assert.equal((await row(video.id)).upload_link_access_level, 0);
    });

    it('saves the settings: note, a photo limit or none, music upload, done button and address', async () => {
      const video = await newVideo({ upload_link_access_level: 1 });
      const body = await patch(video.id, {
        upload_link_note: 'Please add your favourites.',
        upload_link_limit: 12,
        upload_link_allow_music_upload: true,
        upload_link_done_button: true,
        upload_link_done_email: ' desk@example.com ',
      });
      assert.equal(body.upload_link_limit, 12);
      assert.equal(body.upload_link_done_email, 'desk@example.com');
      const saved = await row(video.id);
      assert.equal(saved.upload_link_note, 'Please add your favourites.');
      assert.equal(saved.upload_link_allow_music_upload, true);
      assert.equal(saved.upload_link_done_button, true);
      assert.equal((await patch(video.id, { upload_link_limit: null, upload_link_done_email: '' })).upload_link_limit, null);
      assert.equal((await row(video.id)).upload_link_done_email, '');
    });

    it('refuses a photo limit that is not a positive whole number and an invalid done address', async () => {
      const video = await newVideo({ upload_link_access_level: 2 });
      for (const limit of [0, -1, 2.5, '7', 10001]) {
        assert.deepEqual(await patch(video.id, { upload_link_limit: limit }, 400), { errors: ['Enter a number of photos from 1 to 10000.'] }, String(limit));
      }
      assert.deepEqual(await patch(video.id, { upload_link_done_email: 'not an address' }, 400), {
        errors: ['The notification address is not a valid email address.'],
      });
      assert.equal((await row(video.id)).upload_link_limit, null);
    });

    it("refuses music upload when the organization does not offer it, and links when they are off for the organization", async () => {
      const org = await makeOrganization(h.deps);
      await h.deps.db('organizations').where({ id: org.id }).update({ music_upload_available: false, upload_links_enabled: false });
      const admin = await makeUser(h.deps, { organizationId: org.id });
      const video = await makeVideo(h.deps, { organization_id: org.id });
      const agent = await h.agent(admin);
      const music = await agent.patch(`/r/videos/${video.id}/upload_link`).send({ upload_link_allow_music_upload: true }).expect(400);
      assert.deepEqual(music.body, { errors: ['Music upload is not available for this organization.'] });
      const enable = await agent.patch(`/r/videos/${video.id}/upload_link`).send({ enabled: true }).expect(403);
      assert.deepEqual(enable.body, { errors: ['Upload links are turned off for this organization.'] });
    });

    it('lets staff reset a finished family, but never mark it finished', async () => {
      const video = await newVideo({ upload_link_access_level: 2, family_upload_finished: true });
      assert.deepEqual(await patch(video.id, { family_upload_finished: true }, 400), { errors: ['Only the family can mark their uploads as finished.'] });
      assert.equal((await patch(video.id, { family_upload_finished: false })).family_upload_finished, false);
      await h.request().get(`/r/videos/${video.security_hash}/upload_link`).expect(200);
    });

    it("answers 404 to another organization's staff and to the family itself", async () => {
      const video = await newVideo({ upload_link_access_level: 1 });
      const stranger = await h.agent(await makeUser(h.deps));
      await stranger.patch(`/r/videos/${video.id}/upload_link`).send({ enabled: false }).expect(404);
      await h.request().patch(`/r/videos/${video.security_hash}/upload_link`).send({ enabled: false }).expect(404);
      await h.request().patch(`/r/videos/${video.id}/upload_link`).send({ enabled: false, security_hash: video.security_hash }).expect(404);
      assert.equal((await row(video.id)).upload_link_access_level, 1);
    });
  });

  describe('a link turned off', () => {
    it('answers 410 to every call through it and accepts nothing', async () => {
      const video = await newVideo({ upload_link_access_level: 1, upload_link_done_button: true });
      const hash = video.security_hash;
      await h.request().get(`/r/videos/${hash}/upload_link`).expect(200);
      await (await h.agent(staff)).patch(`/r/videos/${video.id}/upload_link`).send({ enabled: false }).expect(200);

      const gone = { errors: ['This upload link is no longer active. Please contact the person who sent it to you.'] };
      assert.deepEqual((await h.request().get(`/r/videos/${hash}/upload_link`).expect(410)).body, gone);
      assert.deepEqual((await h.request().get(`/r/videos/${hash}`).expect(410)).body, gone);
      assert.deepEqual((await h.request().post('/slides/save').send({ video_id: video.id, security_hash: hash, slide_caption: 'Hi' }).expect(410)).body, gone);
      const tus = await createUpload(h.request(), { video_id: video.id, filename: 'late.jpg' }, 1000, { 'X-Security-Hash': hash });
      assert.equal(tus.status, 410);
      assert.deepEqual(tus.body, gone);
      await h.request().post(`/r/uploads/done/${hash}`).expect(410);
      assert.equal(await h.deps.db('slides').where({ video_id: video.id }).count('* as n').first().then((r) => Number(r?.n)), 0);
      assert.equal((await row(video.id)).family_upload_finished, false);
    });
  });

  describe('POST /r/uploads/done/{securityHash}', () => {
    it('marks the family finished, mails the done address with the title and the slides link, and closes the link', async () => {
      const video = await newVideo({ title: 'Alan Turing', upload_link_access_level: 2, upload_link_done_button: true, upload_link_done_email: 'desk@example.com' });
      const res = await h.request().post(`/r/uploads/done/${video.security_hash}`).set('Origin', ORIGIN).expect(200);
      assert.deepEqual(res.body, { success: true });
      assert.equal((await row(video.id)).family_upload_finished, true);
      const [mail, ...more] = await outboxTo('desk@example.com');
      assert.equal(more.length, 0);
      assert.equal(mail.channel, 'email');
      assert.match(mail.subject, /Alan Turing/);
      assert.match(mail.body, new RegExp(`${ORIGIN}/creator/${video.id}/slides`));
      await h.request().post(`/r/uploads/done/${video.security_hash}`).expect(410);
      await h.request().get(`/r/videos/${video.security_hash}/upload_link`).expect(410);
      assert.equal((await outboxTo('desk@example.com')).length, 1, 'told once');
    });

    it("mails the video's creator when no done address is set", async () => {
      const creator = await makeUser(h.deps, { organizationId: staff.organization_id });
      const video = await makeVideo(h.deps, { organization_id: staff.organization_id, user_id: creator.id, upload_link_access_level: 1, upload_link_done_button: true });
      await h.request().post(`/r/uploads/done/${video.security_hash}`).expect(200);
      assert.equal((await outboxTo(creator.email)).length, 1);
    });

    it('is refused while the Done button is off, and to an unknown hash', async () => {
      const video = await newVideo({ upload_link_access_level: 2 });
      const res = await h.request().post(`/r/uploads/done/${video.security_hash}`).expect(403);
      assert.deepEqual(res.body, { errors: ['This upload link has no Done button.'] });
      assert.equal((await row(video.id)).family_upload_finished, false);
      await h.request().post('/r/uploads/done/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);
    });

    it('is only for a link caller: staff naming the video id are not found and the family is not finished', async () => {
      const video = await newVideo({ upload_link_access_level: 2, upload_link_done_button: true, upload_link_done_email: 'finish-desk@example.com' });
      const agent = await h.agent(staff);
      const missing = await agent.post('/r/uploads/done/999999').set('Origin', ORIGIN).expect(404);
      const byId = await agent.post(`/r/uploads/done/${video.id}`).set('Origin', ORIGIN).expect(404);
      assert.deepEqual(byId.body, missing.body, 'the same body as a missing video');
      // Not even with the hash beside the id: the address itself must be the link.
      await agent.post(`/r/uploads/done/${video.id}?security_hash=${video.security_hash}`).set('Origin', ORIGIN).expect(404);
      await h.request().post(`/r/uploads/done/${video.id}`).send({ security_hash: video.security_hash }).expect(404);
      assert.equal((await row(video.id)).family_upload_finished, false);
      assert.equal((await outboxTo('finish-desk@example.com')).length, 0, 'nobody was told');
      // The link itself still works.
      await h.request().post(`/r/uploads/done/${video.security_hash}`).set('Origin', ORIGIN).expect(200);
      assert.equal((await row(video.id)).family_upload_finished, true);
    });
  });
});
