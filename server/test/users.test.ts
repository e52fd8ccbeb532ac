import assert from 'node:assert/strict';
import { SESSION_COOKIE } from '../src/http/session.ts';
import { makeUser, ORIGIN, PASSWORD, startHarness, type Harness } from './harness.ts';

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
}

describe('POST /users/login', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('signs in with JSON and answers the user', async () => {
    const user = await makeUser(h.deps);
    const res = await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    assert.equal(res.body.user.email, user.email);
    const cookie = sessionCookie(res);
    assert.ok(cookie, 'sets a session cookie');
    assert.match(cookie, /httponly/i);
    assert.match(cookie, /samesite=lax/i);
  });

  it('refuses a wrong password with a clear message', async () => {
    const user = await makeUser(h.deps);
    const res = await h.request().post('/users/login').send({ email: user.email, password: 'nope' }).expect(401);
    assert.deepEqual(res.body, { errors: ['The email or password is not correct.'] });
  });

  it('issues a new session id at every login and ends the one the agent had', async () => {
    // Guests have no session, so the first login on this agent makes one; logging in again must replace it.
    const user = await makeUser(h.deps);
    const agent = await h.agent();
    const first = sessionCookie(await agent.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200));
    assert.ok(first, 'the first login sets a session cookie');
    const signedIn = async (cookie: string) => (await h.request().get('/r/users/me').set('Cookie', cookie).expect(200)).body.user?.email;
    assert.equal((await agent.get('/r/users/me').expect(200)).body.user.email, user.email);
    const second = sessionCookie(await agent.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200));
    assert.ok(second, 'the second login sets a session cookie');
    const value = (cookie: string) => cookie.split(';')[0];
    assert.notEqual(value(second), value(first), 'a new session id on the same agent');
    // The old id no longer signs anyone in; the new one does, and the agent now holds it.
    assert.equal(await signedIn(value(first)), undefined);
    assert.equal(await signedIn(value(second)), user.email);
    assert.equal((await agent.get('/r/users/me').expect(200)).body.user.email, user.email);
    const sessions = await h.deps.db('sessions').where({ user_id: user.id }).count<{ count: number }[]>('* as count');
    // The agent's old session was replaced, not kept beside the new one.
    assert.equal(Number(sessions[0].count), 1);
  });

  it('reads a request’s session and user in one query, and signs out a user disabled since they signed in', async () => {
    const user = await makeUser(h.deps);
    const agent = await h.agent(user);
    const queries: string[] = [];
    const record = (query: { sql: string }) => queries.push(query.sql);
    h.deps.db.on('query', record);
    try {
      assert.equal((await agent.get('/r/users/me').expect(200)).body.user.email, user.email);
    } finally {
      h.deps.db.off('query', record);
    }
    assert.equal(queries.filter((sql) => /"(sessions|users)"/.test(sql)).length, 1, queries.join('\n'));
    await h.deps.db('users').where({ id: user.id }).update({ disabled: true });
    assert.equal((await agent.get('/r/users/me').expect(200)).body.user, null);
  });

  it('accepts a same-origin form post and redirects', async () => {
    const user = await makeUser(h.deps);
    const res = await h
      .request()
      .post('/users/login')
      .set('Origin', ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ email: user.email, password: PASSWORD, next: '/videos' })
      .expect(302);
    assert.equal(res.headers.location, '/videos');
    assert.ok(sessionCookie(res));
  });

  it('refuses a cross-site form post', async () => {
    const user = await makeUser(h.deps);
    const res = await h
      .request()
      .post('/users/login')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ email: user.email, password: PASSWORD })
      .expect(403);
    assert.equal(sessionCookie(res), undefined);
  });
});

describe('sign-in behind an HTTPS proxy (PUBLIC_URL https, TRUST_PROXY off)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ publicUrl: 'https://tribute.example.com', secureCookies: true });
  });
  after(async () => h.close());

  it('sets a Secure, HttpOnly, SameSite=Lax session cookie over the plain HTTP hop', async () => {
    const user = await makeUser(h.deps);
    const res = await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const cookie = sessionCookie(res);
    assert.ok(cookie, 'sets a session cookie');
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
    assert.ok(attributes.includes('secure'), cookie);
    assert.ok(attributes.includes('httponly'), cookie);
    assert.ok(attributes.includes('samesite=lax'), cookie);
    const me = await h.request().get('/r/users/me').set('Cookie', cookie.split(';')[0]).expect(200);
    assert.equal(me.body.user.email, user.email);
  });

  it('still takes the client address from the connection, not X-Forwarded-For', async () => {
    const user = await makeUser(h.deps);
    await h.request().post('/users/login').set('X-Forwarded-For', '203.0.113.9').send({ email: user.email, password: PASSWORD }).expect(200);
    const rows = await h.deps.db('activity_logs').where({ user_id: user.id });
    assert.ok(rows.length > 0, 'the login is logged');
    assert.ok(!JSON.stringify(rows).includes('203.0.113.9'), 'the forwarded address is not trusted');
  });
});

describe('POST /users/register', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  const signup = (email: string) => ({ email, password: PASSWORD, name: 'Dana Director', organization: 'Hillside Funeral Home' });

  it('creates an organization with the user as its administrator and signs in (JSON)', async () => {
    const agent = await h.agent();
    const res = await agent.post('/users/register').send(signup('dana@example.com')).expect(200);
    assert.equal(res.body.user.email, 'dana@example.com');
    assert.equal(res.body.user.role, 'org_admin');
    assert.equal(res.body.user.organization_name, 'Hillside Funeral Home');
    assert.ok(sessionCookie(res));
    const me = await agent.get('/r/users/me').expect(200);
    assert.equal(me.body.user.email, 'dana@example.com');
    const org = await h.deps.db('organizations').where({ id: res.body.user.organization_id }).first();
    assert.equal(org.organization_name, 'Hillside Funeral Home');
  });

  it('accepts a same-origin form post and redirects to the dashboard', async () => {
    const res = await h
      .request()
      .post('/users/register')
      .set('Origin', ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(signup('form.signup@example.com'))
      .expect(302);
    assert.equal(res.headers.location, '/dashboard');
    assert.ok(sessionCookie(res));
    assert.ok(await h.deps.repos.users.findByEmail('form.signup@example.com'));
  });

  it('sends a failed form post back to the page with the error', async () => {
    const res = await h
      .request()
      .post('/users/register')
      .set('Origin', ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ ...signup('short.form@example.com'), password: 'short' })
      .expect(302);
    const location = new URL(res.headers.location, ORIGIN);
    assert.equal(location.pathname, '/users/register');
    assert.equal(location.searchParams.get('error'), 'The password must be at least 8 characters long.');
    assert.equal(sessionCookie(res), undefined);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const existing = await makeUser(h.deps);
    const organizations = async () => Number((await h.deps.db('organizations').count<{ count: number }[]>('* as count'))[0].count);
    const before = await organizations();
    const res = await h.request().post('/users/register').send(signup(existing.email.toUpperCase())).expect(409);
    assert.deepEqual(res.body, { errors: ['An account with this email already exists.'] });
    assert.equal(await organizations(), before, 'no organization left behind');
  });

  it('refuses a weak password', async () => {
    const res = await h.request().post('/users/register').send({ ...signup('weak@example.com'), password: 'abc123' }).expect(400);
    assert.deepEqual(res.body, { errors: ['The password must be at least 8 characters long.'] });
    assert.equal(await h.deps.repos.users.findByEmail('weak@example.com'), undefined);
  });

  it('refuses an invalid email and a missing name or organization', async () => {
    const bad = await h.request().post('/users/register').send(signup('not-an-email')).expect(400);
    assert.deepEqual(bad.body, { errors: ['Please enter a valid email address.'] });
    const noName = await h.request().post('/users/register').send({ ...signup('noname@example.com'), name: '  ' }).expect(400);
    assert.deepEqual(noName.body, { errors: ['Please enter your name.'] });
    const noOrg = await h.request().post('/users/register').send({ ...signup('noorg@example.com'), organization: '' }).expect(400);
    assert.deepEqual(noOrg.body, { errors: ['Please enter the name of your organization.'] });
  });

  it('refuses a cross-site post and creates nothing', async () => {
    const organizations = async () => Number((await h.deps.db('organizations').count<{ count: number }[]>('* as count'))[0].count);
    const before = await organizations();
    const res = await h
      .request()
      .post('/users/register')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(signup('victim@example.com'))
      .expect(403);
    assert.equal(sessionCookie(res), undefined);
    assert.equal(await h.deps.repos.users.findByEmail('victim@example.com'), undefined);
    assert.equal(await organizations(), before);
  });
});

describe('account pages', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  for (const path of ['/users/login', '/users/register', '/users/logout', '/users/logout/in', '/users/forgot_password', '/users/reset_password/abc', '/users/invitation/abc']) {
    it(`serves the web app at GET ${path} although the path also takes a POST`, async () => {
      const res = await h.request().get(path).set('Accept', 'text/html');
      assert.notEqual(res.status, 405);
      assert.match(String(res.headers['content-type']), /text\/(html|plain)/);
    });
  }
});

describe('sign-in activity', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('logs a login with the address, browser and system', async () => {
    const user = await makeUser(h.deps);
    const agentString = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    await h.request().post('/users/login').set('User-Agent', agentString).send({ email: user.email, password: PASSWORD }).expect(200);
    const rows = await h.deps.db('activity_logs').where({ user_id: user.id });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].action, 'login');
    assert.equal(rows[0].browser, 'Chrome');
    assert.equal(rows[0].os, 'Windows');
    assert.equal(rows[0].user_agent, agentString);
    assert.ok(rows[0].ip);
  });

  it('logs nothing for a failed login', async () => {
    const user = await makeUser(h.deps);
    await h.request().post('/users/login').send({ email: user.email, password: 'wrong password' }).expect(401);
    assert.equal((await h.deps.db('activity_logs').where({ user_id: user.id })).length, 0);
  });
});
