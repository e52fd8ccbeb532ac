import assert from 'node:assert/strict';
import { makeOrganization, makeUser, PASSWORD, startHarness, type Harness } from './harness.ts';

describe('/r/settings/users', () => {
  let h: Harness;
  let superUser: { id: number; email: string };
  before(async () => {
    h = await startHarness();
    superUser = await makeUser(h.deps, { role: 'super' });
  });
  after(async () => h.close());

  it('answers 404 to staff and organization admins', async () => {
    for (const role of ['staff', 'org_admin'] as const) {
      const user = await makeUser(h.deps, { role });
      const agent = await h.agent(user);
      assert.deepEqual((await agent.get('/r/settings/users').expect(404)).body, { errors: ['Not found'] });
      await agent.post('/r/settings/users').send({ email: 'x@example.com', role: 'super', password: PASSWORD }).expect(404);
      await agent.patch(`/r/settings/users/${user.id}`).send({ role: 'super' }).expect(404);
    }
  });

  describe('GET /r/settings/users', () => {
    it('searches name and email, filters by organization and pages', async () => {
      const org = await makeOrganization(h.deps, 'Searchable Home');
      await makeUser(h.deps, { organizationId: org.id, name: 'Zoë Quartermaine', email: 'zq@searchable.example' });
      await makeUser(h.deps, { organizationId: org.id, name: 'Pat Other', email: 'quartermaine.pat@searchable.example' });
      await makeUser(h.deps, { name: 'Zoe Elsewhere', email: 'zoe@elsewhere.example' });
      const agent = await h.agent(superUser);
      const byName = await agent.get('/r/settings/users').query({ q: 'zoe quarter' }).expect(200);
      assert.deepEqual(byName.body.users.map((u: { name: string }) => u.name), ['Zoë Quartermaine']);
      const byEmail = await agent.get('/r/settings/users').query({ q: 'QUARTERMAINE' }).expect(200);
      assert.equal(byEmail.body.total, 2);
      const ofOrg = await agent.get('/r/settings/users').query({ organization_id: org.id }).expect(200);
      assert.equal(ofOrg.body.total, 2);
      assert.ok(ofOrg.body.users.every((u: { organization_name: string }) => u.organization_name === 'Searchable Home'));
      assert.equal(ofOrg.body.users[0].password_hash, undefined, 'never sends password hashes');
      const paged = await agent.get('/r/settings/users').query({ per_page: 2, page: 2 }).expect(200);
      assert.equal(paged.body.users.length, 2);
      assert.ok(paged.body.total >= 4);
    });
  });

  describe('POST /r/settings/users', () => {
    it('creates a user with an initial password who can then log in', async () => {
      const org = await makeOrganization(h.deps);
      const agent = await h.agent(superUser);
      const res = await agent
        .post('/r/settings/users')
        .send({ organization_id: org.id, role: 'org_admin', email: 'New.Admin@example.com', name: 'New Admin', password: 'initial pass 1' })
        .expect(201);
      assert.equal(res.body.user.role, 'org_admin');
      assert.equal(res.body.user.organization_id, org.id);
      await h.request().post('/users/login').send({ email: 'new.admin@example.com', password: 'initial pass 1' }).expect(200);
    });

    it('sends an invitation instead when asked', async () => {
      const org = await makeOrganization(h.deps, 'Invited Home');
      const agent = await h.agent(superUser);
      const res = await agent
        .post('/r/settings/users')
        .send({ organization_id: org.id, role: 'staff', email: 'invitee@example.com', name: 'Invitee', send_invitation: true })
        .expect(201);
      assert.equal(res.body.invitation.email, 'invitee@example.com');
      assert.equal(await h.deps.db('users').where({ email: 'invitee@example.com' }).first(), undefined);
      const token = await h.deps.db('user_tokens').where({ email: 'invitee@example.com', kind: 'invite' }).first();
      assert.equal(token.organization_id, org.id);
      const mail = await h.deps.db('outbox').where({ recipient: 'invitee@example.com' }).first();
      assert.match(mail.body, /\/users\/invitation\/[\w-]+/);
      assert.match(mail.subject, /Invited Home/);
      const asSuper = await agent
        .post('/r/settings/users')
        .send({ organization_id: org.id, role: 'super', email: 'would.be.super@example.com', send_invitation: true })
        .expect(400);
      assert.deepEqual(asSuper.body, {
        errors: ['Super users are created with a password, not by invitation.'],
        fields: { role: 'Super users are created with a password, not by invitation.' },
      });
    });

    it('refuses a taken email, a missing password and staff without an organization', async () => {
      const existing = await makeUser(h.deps);
      const agent = await h.agent(superUser);
      const taken = await agent
        .post('/r/settings/users')
        .send({ organization_id: existing.organization_id, email: existing.email.toUpperCase(), name: 'Dup', password: PASSWORD })
        .expect(400);
      const takenMessage = `There is already an account for ${existing.email.toUpperCase()}.`;
      assert.deepEqual(taken.body, { errors: [takenMessage], fields: { email: takenMessage } });
      const short = await agent.post('/r/settings/users').send({ organization_id: existing.organization_id, email: 'short@example.com', name: 'S', password: 'x' }).expect(400);
      assert.match(short.body.fields.password, /at least 8 characters/);
      const noOrg = await agent.post('/r/settings/users').send({ role: 'staff', email: 'noorg@example.com', name: 'N', password: PASSWORD }).expect(400);
      assert.deepEqual(noOrg.body, { errors: ['Please choose the organization this user works for.'], fields: { organization_id: 'Please choose the organization this user works for.' } });
    });

    it('answers every field problem at once, each under its wire key', async () => {
      const existing = await makeUser(h.deps);
      const agent = await h.agent(superUser);
      const res = await agent
        .post('/r/settings/users')
        .send({ role: 'boss', organization_id: 999999, email: existing.email, name: ' ', password: 'short' })
        .expect(400);
      assert.deepEqual(res.body.fields, {
        name: 'Please enter the name.',
        role: 'The role must be one of: staff, org_admin, super.',
        organization_id: 'Please choose a valid organization.',
        email: `There is already an account for ${existing.email}.`,
        password: 'The password must be at least 8 characters long.',
      });
      assert.deepEqual(res.body.errors, Object.values(res.body.fields));
      const invalid = await agent.post('/r/settings/users').send({ email: 'not an address', password: PASSWORD }).expect(400);
      assert.deepEqual(invalid.body.fields, {
        name: 'Please enter the name.',
        email: 'Please enter a valid email address.',
        organization_id: 'Please choose the organization this user works for.',
      });
      assert.equal(await h.deps.db('users').where({ email: 'not an address' }).first(), undefined);
    });
  });

  describe('PATCH /r/settings/users/{id}', () => {
    it('changes name, role and organization', async () => {
      const user = await makeUser(h.deps);
      const other = await makeOrganization(h.deps, 'Moved To');
      const agent = await h.agent(superUser);
      const res = await agent.patch(`/r/settings/users/${user.id}`).send({ name: 'Renamed', role: 'org_admin', organization_id: other.id }).expect(200);
      assert.equal(res.body.user.name, 'Renamed');
      assert.equal(res.body.user.role, 'org_admin');
      assert.equal(res.body.user.organization_name, 'Moved To');
    });

    it('disabling a user ends their sessions; enabling lets them log in again', async () => {
      const user = await makeUser(h.deps);
      const theirs = await h.agent(user);
      await theirs.get('/r/users/me').expect(200);
      const agent = await h.agent(superUser);
      await agent.patch(`/r/settings/users/${user.id}`).send({ disabled: true }).expect(200);
      const sessions = await h.deps.db('sessions').where({ user_id: user.id });
      assert.equal(sessions.length, 0);
      const me = await theirs.get('/r/users/me').expect(200);
      assert.equal(me.body.user, null);
      await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(403);
      await agent.patch(`/r/settings/users/${user.id}`).send({ disabled: false }).expect(200);
      await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    });

    it('never lets a super user disable or demote themself', async () => {
      const agent = await h.agent(superUser);
      const disable = await agent.patch(`/r/settings/users/${superUser.id}`).send({ disabled: true }).expect(400);
      assert.deepEqual(disable.body, { errors: ['You cannot disable your own account.'], fields: { disabled: 'You cannot disable your own account.' } });
      const demote = await agent.patch(`/r/settings/users/${superUser.id}`).send({ role: 'staff' }).expect(400);
      assert.deepEqual(demote.body, { errors: ['You cannot remove your own super user role.'], fields: { role: 'You cannot remove your own super user role.' } });
      const row = await h.deps.db('users').where({ id: superUser.id }).first();
      assert.deepEqual([row.role, row.disabled], ['super', false]);
    });

    it('answers every problem of a change at once and changes nothing', async () => {
      const user = await makeUser(h.deps, { name: 'Kept Name' });
      const agent = await h.agent(superUser);
      const res = await agent
        .patch(`/r/settings/users/${user.id}`)
        .send({ name: '', email: 'nowhere', role: 'boss', organization_id: 'abc', disabled: 'maybe' })
        .expect(400);
      assert.deepEqual(res.body.fields, {
        name: 'Please enter the name.',
        email: 'Please enter a valid email address.',
        role: 'The role must be one of: staff, org_admin, super.',
        organization_id: 'Please choose a valid organization.',
        disabled: 'Disabled must be on or off.',
      });
      assert.equal((await h.deps.db('users').where({ id: user.id }).first()).name, 'Kept Name');
    });

    it('answers 404 for a missing user', async () => {
      const agent = await h.agent(superUser);
      await agent.patch('/r/settings/users/999999').send({ name: 'Ghost' }).expect(404);
    });
  });
});
