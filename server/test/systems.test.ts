import assert from 'node:assert/strict';
import { makeUser, startHarness, type Harness } from './harness.ts';

describe('/r/systems/client_broadcast', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('answers success false while nothing is set', async () => {
    const res = await h.request().get('/r/systems/client_broadcast').expect(200);
    assert.deepEqual(res.body, { success: false, broadcast: '' });
  });

  it('lets a super user set it, and everyone read it while enabled', async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const agent = await h.agent(admin);
    await agent.post('/r/systems/client_broadcast').send({ broadcast: ' Upgrades tonight at 10 pm. ', enabled: true }).expect(200, {
      success: true,
      broadcast: 'Upgrades tonight at 10 pm.',
      enabled: true,
    });
    const res = await h.request().get('/r/systems/client_broadcast').expect(200);
    assert.deepEqual(res.body, { success: true, broadcast: 'Upgrades tonight at 10 pm.' });

    await agent.post('/r/systems/client_broadcast').send({ broadcast: 'Upgrades tonight at 10 pm.', enabled: false }).expect(200);
    const off = await h.request().get('/r/systems/client_broadcast').expect(200);
    assert.deepEqual(off.body, { success: false, broadcast: '' });
  });

  it('answers 404 to everyone else and keeps the setting', async () => {
    const staff = await makeUser(h.deps, { role: 'org_admin' });
    await (await h.agent(staff)).post('/r/systems/client_broadcast').send({ broadcast: 'Hijack', enabled: true }).expect(404);
    await h.request().post('/r/systems/client_broadcast').send({ broadcast: 'Hijack', enabled: true }).expect(404);
    const res = await h.request().get('/r/systems/client_broadcast').expect(200);
    assert.notEqual(res.body.broadcast, 'Hijack');
  });

  it('refuses a broadcast that is not text or too long', async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const agent = await h.agent(admin);
    await agent.post('/r/systems/client_broadcast').send({ broadcast: 5, enabled: true }).expect(400);
    await agent.post('/r/systems/client_broadcast').send({ broadcast: 'x'.repeat(1001), enabled: true }).expect(400);
    await agent.post('/r/systems/client_broadcast').send({ broadcast: 'Hello', enabled: 'yes' }).expect(400);
  });
});
