import assert from 'node:assert/strict';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('GET /r/navbar', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('describes a signed-out visitor', async () => {
    const res = await h.request().get('/r/navbar').expect(200);
    assert.deepEqual(res.body, {
      super: false,
      via_admin: false,
      logged_in: false,
      menu: false,
      billing: false,
      organization_name: null,
      partner_name: null,
      user_id: null,
      production_site: false,
      client_broadcast_enabled: false,
      client_broadcast: '',
      show_partner_unreleased_banner: false,
      show_partner_dev_banner: false,
      show_sor_banner: false,
    });
  });

  it("carries the user's organization flags", async () => {
    const org = await makeOrganization(h.deps, 'Maple Funeral Home');
    await h.deps.db('organizations').where({ id: org.id }).update({ billing: true, menu: false, partner_name: 'SiteCo', partner_released: false, partner_dev: true });
    const user = await makeUser(h.deps, { organizationId: org.id });
    const res = await (await h.agent(user)).get('/r/navbar').expect(200);
    assert.equal(res.body.logged_in, true);
    assert.equal(res.body.super, false);
    assert.equal(res.body.user_id, user.id);
    assert.equal(res.body.organization_name, 'Maple Funeral Home');
    assert.equal(res.body.partner_name, 'SiteCo');
    assert.equal(res.body.billing, true);
    assert.equal(res.body.menu, false);
    assert.equal(res.body.show_partner_unreleased_banner, true);
    assert.equal(res.body.show_partner_dev_banner, true);
  });

  it('flags super users', async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const res = await (await h.agent(admin)).get('/r/navbar').expect(200);
    assert.equal(res.body.super, true);
  });

  it('says when a super user is acting as another user', async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const staff = await makeUser(h.deps);
    const agent = await h.agent(admin);
    await h.deps.db('sessions').where({ user_id: admin.id }).update({ user_id: staff.id, admin_user_id: admin.id });
    const res = await agent.get('/r/navbar').expect(200);
    assert.equal(res.body.via_admin, true);
    assert.equal(res.body.user_id, staff.id);
    assert.equal(res.body.super, false);
  });

  it('carries the client broadcast', async () => {
    await h.deps.repos.systemSettings.set('client_broadcast', { broadcast: 'Maintenance tonight', enabled: true });
    const res = await h.request().get('/r/navbar').expect(200);
    assert.equal(res.body.client_broadcast_enabled, true);
    assert.equal(res.body.client_broadcast, 'Maintenance tonight');
    await h.deps.repos.systemSettings.set('client_broadcast', { broadcast: '', enabled: false });
  });

  describe('show_sor_banner', () => {
    async function orgWithVideos(count: number, values: Record<string, unknown> = {}) {
      const org = await makeOrganization(h.deps);
      for (let i = 0; i < count; i++) await makeVideo(h.deps, { organization_id: org.id, date_in_queue: new Date(), ...values });
      return org;
    }
    const banner = async (user: { email: string }) => (await (await h.agent(user)).get('/r/navbar').expect(200)).body.show_sor_banner;

    it('shows from ten videos finished this year', async () => {
      const org = await orgWithVideos(10);
      assert.equal(await banner(await makeUser(h.deps, { organizationId: org.id })), true);
    });

    it('stays hidden under ten, for last year, for deleted videos, when disabled or dismissed this year', async () => {
      const nine = await orgWithVideos(9);
      assert.equal(await banner(await makeUser(h.deps, { organizationId: nine.id })), false);

      const lastYear = await orgWithVideos(10, { date_in_queue: new Date(new Date().getFullYear() - 1, 5, 1) });
      assert.equal(await banner(await makeUser(h.deps, { organizationId: lastYear.id })), false);

      const unfinished = await orgWithVideos(10, { date_in_queue: null });
      assert.equal(await banner(await makeUser(h.deps, { organizationId: unfinished.id })), false, 'only finished videos count');

      const deleted = await orgWithVideos(10, { deleted_at: new Date() });
      assert.equal(await banner(await makeUser(h.deps, { organizationId: deleted.id })), false);

      const disabled = await orgWithVideos(10);
      await h.deps.db('organizations').where({ id: disabled.id }).update({ sor_enabled: false });
      assert.equal(await banner(await makeUser(h.deps, { organizationId: disabled.id })), false);

      const dismissed = await orgWithVideos(10);
      const user = await makeUser(h.deps, { organizationId: dismissed.id });
      await h.deps.db('users').where({ id: user.id }).update({ sor_dismissed_year: new Date().getFullYear() });
      assert.equal(await banner(user), false);
      await h.deps.db('users').where({ id: user.id }).update({ sor_dismissed_year: new Date().getFullYear() - 1 });
      assert.equal(await banner(user), true, 'a dismissal lasts for its year only');
    });
  });
});
