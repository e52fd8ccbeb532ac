import assert from 'node:assert/strict';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('/r/settings/videos', () => {
  let h: Harness;
  let superUser: { email: string };
  let orgA: { id: number };
  let orgB: { id: number };
  before(async () => {
    h = await startHarness();
    superUser = await makeUser(h.deps, { role: 'super' });
    orgA = await makeOrganization(h.deps, 'Video Home A');
    orgB = await makeOrganization(h.deps, 'Video Home B');
    await makeVideo(h.deps, { organization_id: orgA.id, title: 'José Álvarez' });
    await makeVideo(h.deps, { organization_id: orgB.id, title: 'JOSE MARTIN' });
    await makeVideo(h.deps, { organization_id: orgB.id, title: 'Chloé Dubois', deleted_at: new Date() });
  });
  after(async () => h.close());

  const titles = (body: { videos: { title: string }[] }) => body.videos.map((v) => v.title).sort();

  it('answers 404 to staff and organization admins, even for their own videos', async () => {
    for (const role of ['staff', 'org_admin'] as const) {
      const user = await makeUser(h.deps, { role, organizationId: orgA.id });
      const own = await makeVideo(h.deps, { organization_id: orgA.id });
      const agent = await h.agent(user);
      assert.deepEqual((await agent.get('/r/settings/videos').expect(404)).body, { errors: ['Not found'] });
      await agent.patch(`/r/settings/videos/${own.id}`).send({ title: 'Changed' }).expect(404);
      await agent.post(`/r/settings/videos/${own.id}/delete`).expect(404);
      await agent.post(`/r/settings/videos/${own.id}/undelete`).expect(404);
      const row = await h.deps.db('videos').where({ id: own.id }).first();
      assert.equal(row.deleted_at, null);
    }
  });

  describe('GET /r/settings/videos', () => {
    it('finds titles with every term, ignoring case and accents, across organizations', async () => {
      const agent = await h.agent(superUser);
      assert.deepEqual(titles((await agent.get('/r/settings/videos').query({ q: 'jose' }).expect(200)).body), ['JOSE MARTIN', 'José Álvarez']);
      assert.deepEqual(titles((await agent.get('/r/settings/videos').query({ q: 'JOSÉ alv' }).expect(200)).body), ['José Álvarez']);
      assert.deepEqual(titles((await agent.get('/r/settings/videos').query({ q: 'jose smith' }).expect(200)).body), []);
    });

    it('filters by organization and by state', async () => {
      const agent = await h.agent(superUser);
      const ofB = await agent.get('/r/settings/videos').query({ organization_id: orgB.id }).expect(200);
      assert.deepEqual(titles(ofB.body), ['JOSE MARTIN']);
      const deleted = await agent.get('/r/settings/videos').query({ organization_id: orgB.id, state: 'deleted' }).expect(200);
      assert.deepEqual(titles(deleted.body), ['Chloé Dubois']);
      assert.equal(deleted.body.videos[0].deleted, true);
      const all = await agent.get('/r/settings/videos').query({ organization_id: orgB.id, state: 'all' }).expect(200);
      assert.equal(all.body.total, 2);
      const paged = await agent.get('/r/settings/videos').query({ state: 'all', per_page: 1, page: 3 }).expect(200);
      assert.equal(paged.body.videos.length, 1);
    });
  });

  describe('POST /r/settings/videos/{id}/delete and /undelete', () => {
    it('soft deletes a video and restores it', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgA.id, title: 'Restorable' });
      const agent = await h.agent(superUser);
      const gone = await agent.post(`/r/settings/videos/${video.id}/delete`).expect(200);
      assert.equal(gone.body.video.deleted, true);
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.ok(row.deleted_at, 'kept in the table with a deletion time');
      const active = await agent.get('/r/settings/videos').query({ q: 'restorable' }).expect(200);
      assert.equal(active.body.total, 0);
      const back = await agent.post(`/r/settings/videos/${video.id}/undelete`).expect(200);
      assert.equal(back.body.video.deleted, false);
      assert.equal((await agent.get('/r/settings/videos').query({ q: 'restorable' })).body.total, 1);
    });

    it('answers 404 for a missing video', async () => {
      const agent = await h.agent(superUser);
      await agent.post('/r/settings/videos/999999/delete').expect(404);
    });
  });

  describe('PATCH /r/settings/videos/{id}', () => {
    it('edits the title fields and moves the video to another organization without its brand', async () => {
      const [brand] = await h.deps.db('brands').insert({ organization_id: orgA.id, name: 'A Brand' }).returning('*');
      const video = await makeVideo(h.deps, { organization_id: orgA.id, brand_id: brand.id });
      const agent = await h.agent(superUser);
      const res = await agent
        .patch(`/r/settings/videos/${video.id}`)
        .send({ title: 'Corrected Title', subtitle: '1950 - 2026', intro_text: 'Forever loved', organization_id: orgB.id })
        .expect(200);
      assert.equal(res.body.video.title, 'Corrected Title');
      assert.equal(res.body.video.subtitle, '1950 - 2026');
      assert.equal(res.body.video.intro_text, 'Forever loved');
      assert.equal(res.body.video.organization_name, 'Video Home B');
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.equal(row.brand_id, null);
    });

    it('refuses a blank title and an unknown organization', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgA.id });
      const agent = await h.agent(superUser);
      const blank = await agent.patch(`/r/settings/videos/${video.id}`).send({ title: ' ' }).expect(400);
      assert.deepEqual(blank.body, { errors: ['Please enter the title.'], fields: { title: 'Please enter the title.' } });
      const unknown = await agent.patch(`/r/settings/videos/${video.id}`).send({ organization_id: 999999 }).expect(400);
      assert.deepEqual(unknown.body.fields, { organization_id: 'Please choose a valid organization.' });
    });

    it('answers every field problem at once and changes nothing', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgA.id, title: 'Kept Title' });
      const agent = await h.agent(superUser);
      const res = await agent
        .patch(`/r/settings/videos/${video.id}`)
        .send({ title: '', subtitle: 'x'.repeat(251), intro_text: 7, organization_id: 999999 })
        .expect(400);
      assert.deepEqual(res.body.fields, {
        title: 'Please enter the title.',
        subtitle: 'The subtitle must be at most 250 characters.',
        intro_text: 'The introductory text must be text.',
        organization_id: 'Please choose a valid organization.',
      });
      assert.deepEqual(res.body.errors, Object.values(res.body.fields));
      assert.equal((await h.deps.db('videos').where({ id: video.id }).first()).title, 'Kept Title');
    });
  });
});
