import assert from 'node:assert/strict';
import { makeOrganization, makeUser, ORIGIN, startHarness, type Harness } from './harness.ts';

describe('/r/settings/organizations', () => {
  let h: Harness;
  let superUser: { email: string };
  before(async () => {
    h = await startHarness();
    superUser = await makeUser(h.deps, { role: 'super' });
  });
  after(async () => h.close());

  describe('access', () => {
    it('answers 404 with the body of a missing page to staff and organization admins', async () => {
      const missing = await (await h.agent(superUser)).get('/r/settings/organizations/999999').expect(404);
      for (const role of ['staff', 'org_admin'] as const) {
        const agent = await h.agent(await makeUser(h.deps, { role }));
        const list = await agent.get('/r/settings/organizations').expect(404);
        assert.deepEqual(list.body, missing.body);
        await agent.post('/r/settings/organizations').send({ organization_name: 'Sneaky' }).expect(404);
        const org = await makeOrganization(h.deps);
        await agent.patch(`/r/settings/organizations/${org.id}`).send({ disabled: true }).expect(404);
      }
    });

    it('asks guests to log in', async () => {
      await h.request().get('/r/settings/organizations').expect(401);
    });
  });

  describe('GET /r/settings/organizations', () => {
    it('searches names ignoring case and accents, and pages with a total', async () => {
      await makeOrganization(h.deps, 'Pompes Funèbres Éloïse');
      await makeOrganization(h.deps, 'Eloise Memorial Chapel');
      await makeOrganization(h.deps, 'Hillside Funeral Home');
      const agent = await h.agent(superUser);
      const found = await agent.get('/r/settings/organizations').query({ q: 'ELOISE' }).expect(200);
      assert.deepEqual(found.body.organizations.map((o: { organization_name: string }) => o.organization_name).sort(), [
        'Eloise Memorial Chapel',
        'Pompes Funèbres Éloïse',
      ]);
      assert.equal(found.body.total, 2);
      const both = await agent.get('/r/settings/organizations').query({ q: 'eloise funebres' }).expect(200);
      assert.equal(both.body.total, 1);

      const first = await agent.get('/r/settings/organizations').query({ per_page: 2, page: 1 }).expect(200);
      const second = await agent.get('/r/settings/organizations').query({ per_page: 2, page: 2 }).expect(200);
      assert.equal(first.body.organizations.length, 2);
      assert.equal(first.body.per_page, 2);
      assert.ok(first.body.total >= 4);
      assert.equal(second.body.page, 2);
      const ids = new Set([...first.body.organizations, ...second.body.organizations].map((o: { id: number }) => o.id));
      assert.equal(ids.size, first.body.organizations.length + second.body.organizations.length, 'pages do not overlap');
    });
  });

  describe('POST /r/settings/organizations', () => {
    it('creates an organization with the default length limits', async () => {
      const agent = await h.agent(superUser);
      const res = await agent.post('/r/settings/organizations').send({ organization_name: '  Lakeside Chapel ', partner_name: 'WebCo' }).expect(201);
      const org = res.body.organization;
      assert.equal(org.organization_name, 'Lakeside Chapel');
      assert.equal(org.partner_name, 'WebCo');
      assert.equal(org.video_length_limit, 30);
      assert.equal(org.max_override_length, 120);
      assert.equal(org.disabled, false);
    });

    it('refuses a blank name with a sentence naming the field', async () => {
      const agent = await h.agent(superUser);
      const res = await agent.post('/r/settings/organizations').send({ organization_name: '   ' }).expect(400);
      assert.deepEqual(res.body, { errors: ['Please enter the organization name.'], fields: { organization_name: 'Please enter the organization name.' } });
    });

    it('refuses a cross-site request', async () => {
      const agent = await h.agent(superUser);
      await agent
        .post('/r/settings/organizations')
        .set('Origin', 'https://evil.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ organization_name: 'Forged' })
        .expect(403);
      const { total } = (await agent.get('/r/settings/organizations').query({ q: 'Forged' })).body;
      assert.equal(total, 0);
      await agent.post('/r/settings/organizations').set('Origin', ORIGIN).send({ organization_name: 'Same Site Home' }).expect(201);
    });
  });

  describe('PATCH /r/settings/organizations/{id}', () => {
    it('changes names, limits and flags', async () => {
      const org = await makeOrganization(h.deps);
      const agent = await h.agent(superUser);
      const res = await agent
        .patch(`/r/settings/organizations/${org.id}`)
        .send({
          organization_name: 'Renamed Home',
          billing_id_prompt: 'Case number',
          video_length_limit: 45,
          max_override_length: 90,
          upload_links_enabled: false,
          show_branding: false,
          sor_enabled: false,
          menu: false,
          billing: true,
          sample_button: false,
          music_upload_available: false,
          disabled: true,
        })
        .expect(200);
      const o = res.body.organization;
      assert.equal(o.organization_name, 'Renamed Home');
      assert.equal(o.billing_id_prompt, 'Case number');
      assert.deepEqual([o.video_length_limit, o.max_override_length], [45, 90]);
      assert.deepEqual(
        [o.upload_links_enabled, o.show_branding, o.sor_enabled, o.menu, o.billing, o.sample_button, o.music_upload_available, o.disabled],
        [false, false, false, false, true, false, false, true],
      );
      const row = await h.deps.db('organizations').where({ id: org.id }).first();
      assert.equal(row.disabled, true);
    });

    it('sets the DVD standard to PAL and refuses one that is not NTSC or PAL', async () => {
      const org = await makeOrganization(h.deps);
      const agent = await h.agent(superUser);
      const before = await agent.get(`/r/settings/organizations/${org.id}`).expect(200);
      assert.equal(before.body.organization.dvd_standard, 'ntsc');
      const res = await agent.patch(`/r/settings/organizations/${org.id}`).send({ dvd_standard: 'pal' }).expect(200);
      assert.equal(res.body.organization.dvd_standard, 'pal');
      assert.equal((await h.deps.db('organizations').where({ id: org.id }).first()).dvd_standard, 'pal');
      const bad = await agent.patch(`/r/settings/organizations/${org.id}`).send({ dvd_standard: 'secam' }).expect(400);
      assert.deepEqual(bad.body, { errors: ['The DVD standard must be one of: ntsc, pal.'], fields: { dvd_standard: 'The DVD standard must be one of: ntsc, pal.' } });
    });

    it('keeps the override length at least the limit', async () => {
      const org = await makeOrganization(h.deps);
      const agent = await h.agent(superUser);
      const res = await agent.patch(`/r/settings/organizations/${org.id}`).send({ video_length_limit: 150 }).expect(400);
      assert.deepEqual(res.body, {
        errors: ['The maximum override length must be at least the video length limit.'],
        fields: { max_override_length: 'The maximum override length must be at least the video length limit.' },
      });
      await agent.patch(`/r/settings/organizations/${org.id}`).send({ video_length_limit: 'lots' }).expect(400);
    });

    it('answers 404 for a missing organization', async () => {
      const agent = await h.agent(superUser);
      await agent.patch('/r/settings/organizations/999999').send({ disabled: true }).expect(404);
    });
  });
});
