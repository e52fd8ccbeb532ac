import assert from 'node:assert/strict';
import { makeUser, startHarness, type Harness } from './harness.ts';

describe('GET /r/outbox', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    for (let i = 1; i <= 30; i++) {
      await h.deps.mail.send({ to: i % 3 === 0 ? `family${i}@example.org` : `staff${i}@example.com`, subject: `Message ${i}`, body: `Body ${i}` });
    }
  });
  after(async () => h.close());

  it('lists every kept message for a super user, newest first, in pages', async () => {
    const agent = await h.agent(await makeUser(h.deps, { role: 'super' }));
    const first = await agent.get('/r/outbox').expect(200);
    assert.equal(first.body.total, 30);
    assert.equal(first.body.messages.length, 25);
    const newest = first.body.messages[0];
    assert.equal(newest.subject, 'Message 30');
    assert.equal(newest.body, 'Body 30');
    assert.equal(newest.channel, 'email');
    assert.equal(newest.sent_at, null, 'without SMTP the message stays undelivered in the outbox');
    assert.ok(!Number.isNaN(Date.parse(newest.created_at)));
    const second = await agent.get('/r/outbox?page=2&per_page=25').expect(200);
    assert.deepEqual(
      second.body.messages.map((m: { subject: string }) => m.subject),
      ['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1'],
    );
  });

  it('searches by recipient', async () => {
    const agent = await h.agent(await makeUser(h.deps, { role: 'super' }));
    const res = await agent.get('/r/outbox?q=FAMILY').expect(200);
    assert.equal(res.body.total, 10);
    assert.ok(res.body.messages.every((m: { recipient: string }) => m.recipient.startsWith('family')));
  });

  it('is hidden from everyone else', async () => {
    const agent = await h.agent(await makeUser(h.deps, { role: 'org_admin' }));
    const res = await agent.get('/r/outbox').expect(404);
    assert.deepEqual(res.body, { errors: ['Not found'] });
    await h.request().get('/r/outbox').expect(401);
  });
});
