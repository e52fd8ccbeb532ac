import assert from 'node:assert/strict';
import sharp from 'sharp';
import { makeOrganization, makeUser, ORIGIN, startHarness, type Harness } from './harness.ts';

const FORBIDDEN = { errors: ['Only an organization administrator can do that.'] };

describe('organization account settings', () => {
  let h: Harness;
  let org: { id: number };
  let otherOrg: { id: number };
  let admin: { id: number; email: string };
  let staff: { id: number; email: string };
  before(async () => {
    h = await startHarness();
    org = await makeOrganization(h.deps, 'Maple Funeral Home');
    otherOrg = await makeOrganization(h.deps, 'Other Home');
    admin = await makeUser(h.deps, { organizationId: org.id, role: 'org_admin', name: 'Olga Admin' });
    staff = await makeUser(h.deps, { organizationId: org.id, role: 'staff', name: 'Sid Staff' });
  });
  after(async () => h.close());

  describe('GET and PATCH /r/organizations/account_settings', () => {
    it('shows staff their organization read-only and refuses their changes with 403', async () => {
      const agent = await h.agent(staff);
      const res = await agent.get('/r/organizations/account_settings').expect(200);
      assert.equal(res.body.organization.organization_name, 'Maple Funeral Home');
      assert.equal(res.body.can_manage, false);
      const refused = await agent.patch('/r/organizations/account_settings').send({ organization_name: 'Staff Was Here' }).expect(403);
      assert.deepEqual(refused.body, FORBIDDEN);
    });

    it('lets an organization admin change the name and billing id prompt, but not the limits super users set', async () => {
      const agent = await h.agent(admin);
      const res = await agent
        .patch('/r/organizations/account_settings')
        .send({ organization_name: 'Maple Chapel', billing_id_prompt: 'Case #', video_length_limit: 500, billing: true })
        .expect(200);
      assert.equal(res.body.organization.organization_name, 'Maple Chapel');
      assert.equal(res.body.organization.billing_id_prompt, 'Case #');
      assert.equal(res.body.organization.video_length_limit, 30);
      assert.equal(res.body.organization.billing, false);
      assert.equal(res.body.can_manage, true);
    });

    it('lets a super user manage their own organization', async () => {
      const superUser = await makeUser(h.deps, { role: 'super', organizationId: otherOrg.id });
      const agent = await h.agent(superUser);
      const res = await agent.patch('/r/organizations/account_settings').send({ billing_id_prompt: 'File no.' }).expect(200);
      assert.equal(res.body.organization.id, otherOrg.id);
    });

    it('refuses a cross-site change', async () => {
      const agent = await h.agent(admin);
      await agent
        .patch('/r/organizations/account_settings')
        .set('Origin', 'https://evil.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ organization_name: 'Forged' })
        .expect(403);
      await agent
        .post('/r/organizations/invitations')
        .set('Origin', 'https://evil.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ email: 'forged@example.com' })
        .expect(403);
      assert.equal(await h.deps.db('user_tokens').where({ email: 'forged@example.com' }).first(), undefined);
      await agent.patch('/r/organizations/account_settings').set('Origin', ORIGIN).send({ organization_name: 'Maple Chapel' }).expect(200);
    });
  });

  describe('/r/organizations/brands', () => {
    it('lets an organization admin create, rename and disable their brands', async () => {
      const agent = await h.agent(admin);
      const created = await agent.post('/r/organizations/brands').send({ name: 'Lakeview', organization_id: otherOrg.id }).expect(201);
      assert.equal(created.body.brand.organization_id, org.id, 'always the own organization');
      const id = created.body.brand.id;
      await agent.patch(`/r/organizations/brands/${id}`).send({ name: 'Lakeview Chapel' }).expect(200);
      const disabled = await agent.patch(`/r/organizations/brands/${id}`).send({ disabled: true }).expect(200);
      assert.equal(disabled.body.brand.disabled, true);
      const list = await agent.get('/r/organizations/brands').expect(200);
      assert.ok(list.body.brands.some((b: { name: string }) => b.name === 'Lakeview Chapel'));
    });

    it("answers 404 for another organization's brand", async () => {
      const [foreign] = await h.deps.db('brands').insert({ organization_id: otherOrg.id, name: 'Foreign' }).returning('*');
      const agent = await h.agent(admin);
      const res = await agent.patch(`/r/organizations/brands/${foreign.id}`).send({ name: 'Taken Over' }).expect(404);
      assert.deepEqual(res.body, { errors: ['Not found'] });
      const list = await agent.get('/r/organizations/brands').expect(200);
      assert.ok(!list.body.brands.some((b: { id: number }) => b.id === foreign.id));
      assert.equal((await h.deps.db('brands').where({ id: foreign.id }).first()).name, 'Foreign');
    });

    it('lets staff read the brands but not change them', async () => {
      const agent = await h.agent(staff);
      await agent.get('/r/organizations/brands').expect(200);
      assert.deepEqual((await agent.post('/r/organizations/brands').send({ name: 'Nope' }).expect(403)).body, FORBIDDEN);
    });
  });

  describe('/r/organizations/users', () => {
    it('lists only the own organization and changes a colleague’s role', async () => {
      const colleague = await makeUser(h.deps, { organizationId: org.id, name: 'Cora Colleague' });
      await makeUser(h.deps, { organizationId: otherOrg.id, name: 'Cora Outsider' });
      const agent = await h.agent(admin);
      const list = await agent.get('/r/organizations/users').query({ q: 'cora' }).expect(200);
      assert.deepEqual(list.body.users.map((u: { name: string }) => u.name), ['Cora Colleague']);
      const res = await agent.patch(`/r/organizations/users/${colleague.id}`).send({ role: 'org_admin' }).expect(200);
      assert.equal(res.body.user.role, 'org_admin');
      const superRole = await agent.patch(`/r/organizations/users/${colleague.id}`).send({ role: 'super' }).expect(400);
      assert.match(superRole.body.errors[0], /role must be one of: staff, org_admin/);
    });

    it('disables a colleague and ends their sessions', async () => {
      const colleague = await makeUser(h.deps, { organizationId: org.id });
      const theirs = await h.agent(colleague);
      const agent = await h.agent(admin);
      await agent.patch(`/r/organizations/users/${colleague.id}`).send({ disabled: true }).expect(200);
      assert.equal((await theirs.get('/r/users/me')).body.user, null);
      assert.equal((await h.deps.db('sessions').where({ user_id: colleague.id })).length, 0);
    });

    it('refuses changes to oneself and to other organizations’ users', async () => {
      const outsider = await makeUser(h.deps, { organizationId: otherOrg.id });
      const agent = await h.agent(admin);
      await agent.patch(`/r/organizations/users/${admin.id}`).send({ disabled: true }).expect(400);
      assert.deepEqual((await agent.patch(`/r/organizations/users/${outsider.id}`).send({ disabled: true }).expect(404)).body, { errors: ['Not found'] });
      assert.equal((await h.deps.db('users').where({ id: outsider.id }).first()).disabled, false);
    });

    it('refuses staff', async () => {
      const agent = await h.agent(staff);
      await agent.get('/r/organizations/users').expect(403);
      assert.deepEqual((await agent.patch(`/r/organizations/users/${admin.id}`).send({ disabled: true }).expect(403)).body, FORBIDDEN);
    });
  });

  describe('/r/organizations/invitations', () => {
    it('creates a token and mails a link to /users/invitation/', async () => {
      const agent = await h.agent(admin);
      const res = await agent.post('/r/organizations/invitations').send({ email: 'New.Person@example.com', role: 'org_admin' }).expect(201);
      assert.equal(res.body.invitation.email, 'New.Person@example.com');
      assert.equal(res.body.invitation.role, 'org_admin');
      const token = await h.deps.db('user_tokens').where({ id: res.body.invitation.id }).first();
      assert.deepEqual([token.kind, token.organization_id, token.role, token.created_by, token.user_id], ['invite', org.id, 'org_admin', admin.id, null]);
      const days = (new Date(token.expires_at).getTime() - Date.now()) / 86_400_000;
      assert.ok(days > 6.9 && days <= 7, 'expires in 7 days');
      const mail = await h.deps.db('outbox').where({ recipient: 'New.Person@example.com' }).first();
      assert.ok(mail.body.includes(`${ORIGIN}/users/invitation/`), mail.body);
      assert.match(mail.subject, /Maple/);
    });

    it('lists open invitations and revokes one', async () => {
      const agent = await h.agent(admin);
      const { body } = await agent.post('/r/organizations/invitations').send({ email: 'revoke.me@example.com' }).expect(201);
      assert.equal(body.invitation.role, 'staff');
      const open = await agent.get('/r/organizations/invitations').expect(200);
      assert.ok(open.body.invitations.some((i: { id: number; created_by_name: string }) => i.id === body.invitation.id && i.created_by_name === 'Olga Admin'));
      await agent.delete(`/r/organizations/invitations/${body.invitation.id}`).expect(200);
      const after = await agent.get('/r/organizations/invitations').expect(200);
      assert.ok(!after.body.invitations.some((i: { id: number }) => i.id === body.invitation.id));
      await agent.delete(`/r/organizations/invitations/${body.invitation.id}`).expect(404);
    });

    it("cannot see or revoke another organization's invitation", async () => {
      const otherAdmin = await makeUser(h.deps, { organizationId: otherOrg.id, role: 'org_admin' });
      const theirs = await (await h.agent(otherAdmin)).post('/r/organizations/invitations').send({ email: 'theirs@example.com' }).expect(201);
      const agent = await h.agent(admin);
      await agent.delete(`/r/organizations/invitations/${theirs.body.invitation.id}`).expect(404);
      const open = await agent.get('/r/organizations/invitations').expect(200);
      assert.ok(!open.body.invitations.some((i: { email: string }) => i.email === 'theirs@example.com'));
    });

    it('refuses an existing account, a bad address and staff', async () => {
      const agent = await h.agent(admin);
      const existing = await agent.post('/r/organizations/invitations').send({ email: staff.email }).expect(400);
      assert.deepEqual(existing.body, { errors: [`There is already an account for ${staff.email}.`] });
      await agent.post('/r/organizations/invitations').send({ email: 'not-an-email' }).expect(400);
      const staffAgent = await h.agent(staff);
      assert.deepEqual((await staffAgent.post('/r/organizations/invitations').send({ email: 'x@example.com' }).expect(403)).body, FORBIDDEN);
    });
  });

  describe('POST /r/organizations/logo', () => {
    const bigPng = () =>
      sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 120 } } }).png().toBuffer();

    it('stores a PNG of at most 600x600 and serves it to members and super users only', async () => {
      const agent = await h.agent(admin);
      const res = await agent.post('/r/organizations/logo').attach('logo', await bigPng(), 'logo.png').expect(200);
      const url: string = res.body.organization.logo_url;
      assert.match(url, new RegExp(`^/r/organizations/${org.id}/logo`));
      const row = await h.deps.db('organizations').where({ id: org.id }).first();
      assert.equal(row.logo_path, `organizations/${org.id}/logo.png`);
      const served = await (await h.agent(staff)).get(url).responseType('blob').expect(200).expect('Content-Type', 'image/png');
      const meta = await sharp(served.body as Buffer).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', 600, 400]);
      const superUser = await makeUser(h.deps, { role: 'super', organizationId: null });
      await (await h.agent(superUser)).get(url).responseType('blob').expect(200);
      const outsider = await makeUser(h.deps, { organizationId: otherOrg.id });
      await (await h.agent(outsider)).get(url).expect(404);
    });

    it('refuses a file that is not a picture with a clear message', async () => {
      const agent = await h.agent(admin);
      const res = await agent.post('/r/organizations/logo').attach('logo', Buffer.from('just some words'), 'notes.txt').expect(400);
      assert.deepEqual(res.body, { errors: ['That file is not a picture we can read. Please choose a PNG, JPEG, GIF or WebP image.'] });
    });

    it('refuses a file over 5 MB', async () => {
      const agent = await h.agent(admin);
      const res = await agent.post('/r/organizations/logo').attach('logo', Buffer.alloc(5 * 1024 * 1024 + 10), 'huge.png').expect(413);
      assert.match(res.body.errors[0], /too large.*5 MB/);
    });

    it('refuses staff before reading the upload', async () => {
      const agent = await h.agent(staff);
      const res = await agent.post('/r/organizations/logo').attach('logo', await bigPng(), 'logo.png').expect(403);
      assert.deepEqual(res.body, FORBIDDEN);
    });

    it('adds a logo to a brand of the own organization only', async () => {
      const agent = await h.agent(admin);
      const { body } = await agent.post('/r/organizations/brands').send({ name: 'Logo Brand' }).expect(201);
      const res = await agent.post(`/r/organizations/brands/${body.brand.id}/logo`).attach('logo', await bigPng(), 'b.png').expect(200);
      await agent.get(res.body.brand.logo_url).responseType('blob').expect(200).expect('Content-Type', 'image/png');
      const [foreign] = await h.deps.db('brands').insert({ organization_id: otherOrg.id, name: 'Foreign Logo' }).returning('*');
      await agent.post(`/r/organizations/brands/${foreign.id}/logo`).attach('logo', await bigPng(), 'b.png').expect(404);
      const removed = await agent.delete(`/r/organizations/brands/${body.brand.id}/logo`).expect(200);
      assert.equal(removed.body.brand.logo_url, null);
    });
  });
});
