import assert from 'node:assert/strict';
import { SESSION_COOKIE } from '../src/http/session.ts';
import { makeUser, startHarness, type Harness } from './harness.ts';

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
}

describe('switching user (POST /r/users/{id}/switch and /users/logout/in)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('lets a super user act as another user and come back in a new session', async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const target = await makeUser(h.deps);
    const agent = await h.agent(admin);

    const switched = await agent.post(`/r/users/${target.id}/switch`).expect(200);
    assert.equal(switched.body.user.id, target.id);
    const asTarget = await agent.get('/r/users/me').expect(200);
    assert.equal(asTarget.body.user.id, target.id);
    assert.equal(asTarget.body.via_admin, true);
    const sessions = await h.deps.db('sessions').where({ user_id: target.id });
    assert.deepEqual(sessions.map((s) => s.admin_user_id), [admin.id]);
    assert.equal((await h.deps.db('sessions').where({ user_id: admin.id })).length, 0, 'the super session was replaced');

    const back = await agent.post('/users/logout/in').expect(200);
    assert.equal(back.body.user.id, admin.id);
    assert.notEqual(sessionCookie(back), sessionCookie(switched), 'a new session id');
    const asAdmin = await agent.get('/r/users/me').expect(200);
    assert.equal(asAdmin.body.user.id, admin.id);
    assert.equal(asAdmin.body.via_admin, false);
    assert.equal((await h.deps.db('sessions').where({ user_id: target.id })).length, 0);

    const logged = await h.deps.db('activity_logs').where({ user_id: admin.id, action: `switch_user:${target.id}` });
    assert.equal(logged.length, 1);
  });

  it('answers 404 to anyone but a super user', async () => {
    const orgAdmin = await makeUser(h.deps, { role: 'org_admin' });
    const colleague = await makeUser(h.deps, { organizationId: orgAdmin.organization_id });
    const agent = await h.agent(orgAdmin);
    const res = await agent.post(`/r/users/${colleague.id}/switch`).expect(404);
    assert.deepEqual(res.body, { errors: ['Not found'] });
    assert.equal((await agent.get('/r/users/me')).body.user.id, orgAdmin.id);
    await h.request().post(`/r/users/${colleague.id}/switch`).expect(401);
  });

  it('refuses a disabled user, oneself and an unknown user', async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const disabled = await makeUser(h.deps, { disabled: true });
    const agent = await h.agent(admin);
    const refused = await agent.post(`/r/users/${disabled.id}/switch`).expect(400);
    assert.deepEqual(refused.body, { errors: ['This user is disabled and cannot be logged in as.'] });
    await agent.post(`/r/users/${admin.id}/switch`).expect(400);
    await agent.post('/r/users/999999/switch').expect(404);
    await agent.post('/r/users/abc/switch').expect(404);
    assert.equal((await agent.get('/r/users/me')).body.user.id, admin.id);
  });

  it('refuses /users/logout/in to a session that was not switched', async () => {
    const user = await makeUser(h.deps);
    const agent = await h.agent(user);
    const res = await agent.post('/users/logout/in').expect(400);
    assert.deepEqual(res.body, { errors: ['You are not logged in as another user.'] });
    await h.request().post('/users/logout/in').expect(401);
  });
});
