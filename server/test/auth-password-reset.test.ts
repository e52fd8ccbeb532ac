import assert from 'node:assert/strict';
import { SESSION_COOKIE } from '../src/http/session.ts';
import { RESET_SENT } from '../src/services/password-reset.service.ts';
import { makeUser, ORIGIN, PASSWORD, startHarness, type Harness } from './harness.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  async function linkFromOutbox(email: string): Promise<string> {
    const row = await h.deps.db('outbox').where({ recipient: email }).orderBy('id', 'desc').first();
    assert.ok(row, `a message to ${email} is in the outbox`);
    const match = /(\S+\/users\/reset_password\/(\S+))/.exec(row.body);
    assert.ok(match, 'the message holds a reset link');
    assert.ok(match[1].startsWith(`${ORIGIN}/users/reset_password/`), 'the link points at the public address');
    return match[2];
  }

  it('mails a link through the outbox, sets the new password once and ends the other sessions', async () => {
    const user = await makeUser(h.deps);
    const elsewhere = await h.agent(user);
    const sent = await h.request().post('/users/forgot_password').send({ email: user.email }).expect(200);
    assert.deepEqual(sent.body, { message: RESET_SENT });
    const token = await linkFromOutbox(user.email);

    const described = await h.request().get(`/r/password_resets/${token}`).expect(200);
    assert.deepEqual(described.body, { email: user.email });

    const tooShort = await h.request().post(`/users/reset_password/${token}`).send({ password: 'short' }).expect(400);
    assert.deepEqual(tooShort.body, { errors: ['The password must be at least 8 characters long.'] });

    const browser = await h.agent();
    const reset = await browser.post(`/users/reset_password/${token}`).send({ password: NEW_PASSWORD }).expect(200);
    assert.equal(reset.body.user.email, user.email);
    assert.ok(String(reset.headers['set-cookie']).includes(`${SESSION_COOKIE}=`));
    assert.equal((await browser.get('/r/users/me').expect(200)).body.user.email, user.email, 'signed in after the reset');

    assert.equal((await elsewhere.get('/r/users/me').expect(200)).body.user, null, 'the other session is gone');
    await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await h.request().post('/users/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);

    const again = await h.request().post(`/users/reset_password/${token}`).send({ password: 'yet another passphrase' }).expect(404);
    assert.deepEqual(again.body, { errors: ['This password reset link has expired or was already used. Please ask for a new one.'] });
    await h.request().get(`/r/password_resets/${token}`).expect(404);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const before = await h.deps.db('outbox').count<{ count: number }[]>('* as count');
    const res = await h.request().post('/users/forgot_password').send({ email: 'nobody@example.com' }).expect(200);
    assert.deepEqual(res.body, { message: RESET_SENT });
    const after = await h.deps.db('outbox').count<{ count: number }[]>('* as count');
    assert.equal(after[0].count, before[0].count);
  });

  it('refuses an expired link', async () => {
    const user = await makeUser(h.deps);
    const { token } = await h.deps.repos.userTokens.create({
      kind: 'reset',
      user_id: user.id,
      organization_id: null,
      email: user.email,
      role: null,
      created_by: null,
      expires_at: new Date(Date.now() - 1000),
    });
    await h.request().post(`/users/reset_password/${token}`).send({ password: NEW_PASSWORD }).expect(404);
    await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('lifts a login lock on the account once the owner has reset the password', async () => {
    const user = await makeUser(h.deps);
    await h.deps.db('login_attempts').insert({ key: `email:${user.email}`, failures: 8, locked_until: new Date(Date.now() + 600_000) });
    await h.request().post('/users/forgot_password').send({ email: user.email }).expect(200);
    const token = await linkFromOutbox(user.email);
    await h.request().post(`/users/reset_password/${token}`).send({ password: NEW_PASSWORD }).expect(200);
    await h.request().post('/users/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
  });

  it('stops mailing after a few requests in an hour', async () => {
    const user = await makeUser(h.deps);
    for (let i = 0; i < 7; i++) await h.request().post('/users/forgot_password').send({ email: user.email }).expect(200);
    const mails = await h.deps.db('outbox').where({ recipient: user.email }).count<{ count: number }[]>('* as count');
    assert.equal(Number(mails[0].count), 5);
  });
});
