import assert from 'node:assert/strict';
import type { Role } from '../src/wire/auth.ts';
import { makeOrganization, makeUser, ORIGIN, PASSWORD, startHarness, type Harness } from './harness.ts';

describe('invitation acceptance', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  async function invite(email: string, role: Role = 'staff', expiresInMs = 7 * 24 * 3600_000) {
    const organization = await makeOrganization(h.deps);
    const admin = await makeUser(h.deps, { organizationId: organization.id, role: 'org_admin' });
    const { token } = await h.deps.repos.userTokens.create({
      kind: 'invite',
      user_id: null,
      organization_id: organization.id,
      email,
      role,
      created_by: admin.id,
      expires_at: new Date(Date.now() + expiresInMs),
    });
    return { token, organization };
  }

  it('shows the invitation, then creates the user in that organization with its role and signs in', async () => {
    const { token, organization } = await invite('new.colleague@example.com', 'org_admin');
    const shown = await h.request().get(`/r/invitations/${token}`).expect(200);
    assert.deepEqual(shown.body, { email: 'new.colleague@example.com', organization_name: organization.organization_name });

    const agent = await h.agent();
    const res = await agent.post(`/users/invitation/${token}`).send({ name: 'Nia Colleague', password: PASSWORD }).expect(200);
    assert.equal(res.body.user.organization_id, organization.id);
    assert.equal(res.body.user.role, 'org_admin');
    assert.equal(res.body.user.name, 'Nia Colleague');
    const me = await agent.get('/r/users/me').expect(200);
    assert.equal(me.body.user.email, 'new.colleague@example.com');
    await h.request().post('/users/login').send({ email: 'new.colleague@example.com', password: PASSWORD }).expect(200);
  });

  it('works end to end through the outbox: invite, follow the mailed link, accept, sign in with the new password', async () => {
    const organization = await makeOrganization(h.deps, 'Cedar Funeral Home');
    const admin = await makeUser(h.deps, { organizationId: organization.id, role: 'org_admin' });
    const email = 'mailed.colleague@example.com';
    await (await h.agent(admin)).post('/r/organizations/invitations').send({ email, role: 'staff' }).expect(201);

    const mail = await h.deps.db('outbox').where({ recipient: email }).orderBy('id', 'desc').first();
    assert.ok(mail, 'the invitation is written to the outbox');
    const link = new RegExp(`${ORIGIN.replace(/[.]/g, '\\.')}/users/invitation/([A-Za-z0-9_-]+)`).exec(mail.body);
    assert.ok(link, `the mail carries the link: ${mail.body}`);
    const token = link[1];
    // What the page at the link asks the server first.
    const shown = await h.request().get(`/r/invitations/${token}`).expect(200);
    assert.deepEqual(shown.body, { email, organization_name: 'Cedar Funeral Home' });

    const chosen = 'a brand new passphrase 42';
    const accepted = await h.request().post(`/users/invitation/${token}`).send({ name: 'Mia Mailed', password: chosen }).expect(200);
    assert.equal(accepted.body.user.organization_id, organization.id);
    assert.equal(accepted.body.user.role, 'staff');

    const login = await h.request().post('/users/login').send({ email, password: chosen }).expect(200);
    assert.equal(login.body.user.email, email);
    await h.request().post('/users/login').send({ email, password: PASSWORD }).expect(401);
    await h.request().post(`/users/invitation/${token}`).send({ name: 'Mia Again', password: chosen }).expect(404);
  });

  it('cannot be used twice', async () => {
    const { token } = await invite('twice@example.com');
    await h.request().post(`/users/invitation/${token}`).send({ name: 'Tia Twice', password: PASSWORD }).expect(200);
    const again = await h.request().post(`/users/invitation/${token}`).send({ name: 'Someone Else', password: PASSWORD }).expect(404);
    assert.deepEqual(again.body, { errors: ['This invitation has expired or was already used. Please ask for a new one.'] });
    await h.request().get(`/r/invitations/${token}`).expect(404);
  });

  it('lets an existing account without an organization join', async () => {
    const loner = await makeUser(h.deps, { organizationId: null });
    const { token, organization } = await invite(loner.email);
    const res = await h.request().post(`/users/invitation/${token}`).send({ name: 'Lee Loner', password: 'chosen anew 123' }).expect(200);
    assert.equal(res.body.user.id, loner.id);
    const row = await h.deps.db('users').where({ id: loner.id }).first();
    assert.equal(row.organization_id, organization.id);
    assert.equal(row.role, 'staff');
  });

  it('refuses an address that already belongs to an organization', async () => {
    const member = await makeUser(h.deps);
    const { token } = await invite(member.email);
    const res = await h.request().post(`/users/invitation/${token}`).send({ name: 'Mo Member', password: PASSWORD }).expect(409);
    assert.deepEqual(res.body, { errors: ['An account with this email already exists. Please log in.'] });
    const row = await h.deps.db('users').where({ id: member.id }).first();
    assert.equal(row.organization_id, member.organization_id);
  });

  it('refuses an expired or unknown invitation and a weak password', async () => {
    const { token: expired } = await invite('late@example.com', 'staff', -1000);
    await h.request().get(`/r/invitations/${expired}`).expect(404);
    await h.request().post(`/users/invitation/${expired}`).send({ name: 'Lou Late', password: PASSWORD }).expect(404);
    await h.request().get('/r/invitations/not-a-token').expect(404);

    const { token } = await invite('weak.invite@example.com');
    await h.request().post(`/users/invitation/${token}`).send({ name: 'Wes Weak', password: 'short' }).expect(400);
    await h.request().post(`/users/invitation/${token}`).send({ name: '', password: PASSWORD }).expect(400);
    await h.request().get(`/r/invitations/${token}`).expect(200);
  });

  it('never makes a super user, whatever the token says', async () => {
    const { token } = await invite('not.super@example.com', 'super');
    const res = await h.request().post(`/users/invitation/${token}`).send({ name: 'Sue Staff', password: PASSWORD }).expect(200);
    assert.equal(res.body.user.role, 'staff');
  });
});
