import assert from 'node:assert/strict';
import { THROTTLE } from '../src/services/auth.service.ts';
import { makeUser, ORIGIN, PASSWORD, startHarness, type Harness } from './harness.ts';

describe('POST /users/login throttling', function () {
  this.timeout(30_000);
  let h: Harness;
  const saved = { ...THROTTLE };
  before(async () => {
    h = await startHarness();
    // A delay far above a password check's own time, so slowed and quick answers differ even on a busy machine.
    Object.assign(THROTTLE, { delayStepMs: 1500, maxDelayMs: 1500 });
  });
  after(async () => {
    Object.assign(THROTTLE, saved);
    await h.close();
  });

  const timed = async (email: string, password: string, status: number): Promise<{ ms: number; body: { errors?: string[] } }> => {
    const started = Date.now();
    const res = await h.request().post('/users/login').send({ email, password }).expect(status);
    return { ms: Date.now() - started, body: res.body };
  };

  it('slows repeated failures, then refuses even the right password with 429, and a later success clears it', async () => {
    const user = await makeUser(h.deps);
    for (let i = 0; i < THROTTLE.slowAfter; i++) await timed(user.email, 'wrong password', 401);
    const slowed = await timed(user.email, 'wrong password', 401);
    assert.ok(slowed.ms >= THROTTLE.delayStepMs, `the attempt after ${THROTTLE.slowAfter} failures waits (${slowed.ms} ms)`);
    // Straight to one failure short of the lock; every further attempt would only wait the same again.
    await h.deps.db('login_attempts').where({ key: `email:${user.email}` }).update({ failures: THROTTLE.lockAfter - 1 });
    const locking = await timed(user.email, 'wrong password', 401);
    assert.ok(locking.ms >= THROTTLE.delayStepMs);

    const locked = await timed(user.email, PASSWORD, 429);
    assert.deepEqual(locked.body, { errors: ['Too many failed logins. Please try again in 15 minutes.'] });

    // The lock runs out; the right password then works and the account's count starts again.
    await h.deps.db('login_attempts').where({ key: `email:${user.email}` }).update({ locked_until: new Date(Date.now() - 1000) });
    await timed(user.email, PASSWORD, 200);
    assert.equal(await h.deps.db('login_attempts').where({ key: `email:${user.email}` }).first(), undefined);
    const fresh = await timed(user.email, 'wrong password', 401);
    assert.ok(fresh.ms < THROTTLE.delayStepMs, `a failure after the success is not slowed (${fresh.ms} ms)`);
  });

  it('sends a locked form login back to the login page with the lock message', async () => {
    const user = await makeUser(h.deps);
    await h.deps.db('login_attempts').insert({ key: `email:${user.email}`, failures: THROTTLE.lockAfter, locked_until: new Date(Date.now() + 60_000) });
    const res = await h
      .request()
      .post('/users/login')
      .set('Origin', ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ email: user.email, password: PASSWORD, next: '/videos' })
      .expect(302);
    const location = new URL(res.headers.location, ORIGIN);
    assert.equal(location.pathname, '/users/login');
    assert.equal(location.searchParams.get('error'), 'Too many failed logins. Please try again in 1 minute.');
    assert.equal(location.searchParams.get('next'), '/videos');
  });

  it('gives an address shared by several people more room than one account', async () => {
    const users = await Promise.all([makeUser(h.deps), makeUser(h.deps), makeUser(h.deps)]);
    await h.deps.db('login_attempts').where('key', 'like', 'ip:%').delete();
    for (const u of users) for (let i = 0; i < THROTTLE.slowAfter - 1; i++) await timed(u.email, 'wrong password', 401);
    const other = await makeUser(h.deps);
    const quick = await timed(other.email, PASSWORD, 200);
    assert.ok(quick.ms < THROTTLE.delayStepMs, `a colleague behind the same address is not slowed (${quick.ms} ms)`);
  });
});
