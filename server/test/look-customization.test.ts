import assert from 'node:assert/strict';
import { seedLookModifiers } from '../src/seed/demo.ts';
import { ORIGIN, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('customize look', () => {
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };

  before(async () => {
    h = await startHarness();
    await seedLookModifiers(h.deps.db);
    user = await makeUser(h.deps);
  });
  after(async () => h.close());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('shows the theme defaults until the look is saved, then the saved choice', async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id });
    const agent = await h.agent(user);
    const before = await agent.get(`/r/slides/customizations?video_id=${video.id}`).expect(200);
    for (const type of ['transition', 'effect', 'overlay', 'border']) assert.ok(Object.keys(before.body.customizations[type]).length >= 1, type);
    assert.equal(before.body.can_remember, true);

    await agent
      .post('/r/slides/save_customizations')
      .set('Origin', ORIGIN)
      .type('form')
      .send(form({ video_id: String(video.id), transition_2: 'true', transition_11: 'true', effect_3: 'true', overlay_1: 'true', border_4: 'true', background: '3', remember_user_config: 'false' }))
      .expect(200);
    const row = await h.deps.db('videos').where({ id: video.id }).first();
    assert.deepEqual(row.customizations, { transition: { 2: true, 11: true }, effect: { 3: true }, overlay: { 1: true }, border: { 4: true } });
    assert.equal(row.background_id, 3);
    const after = await agent.get(`/r/slides/customizations?video_id=${video.id}`).expect(200);
    assert.deepEqual(after.body.customizations.transition, { 2: true, 11: true });
    assert.equal(after.body.background, 3);
    const config = (await h.deps.db('users').where({ id: user.id }).first()).config;
    assert.equal(config.look_customizations, undefined);
  });

  it('remembers the look for future videos when asked, and refuses an unknown or disabled tile', async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id });
    const agent = await h.agent(user);
    await agent.post('/r/slides/save_customizations').type('form').send(form({ video_id: String(video.id), effect_99: 'true' })).expect(400);
    // Custom Zoom (effect 5) is not a tile.
    await agent.post('/r/slides/save_customizations').type('form').send(form({ video_id: String(video.id), effect_5: 'true' })).expect(400);
    await agent.post('/r/slides/save_customizations').type('form').send(form({ video_id: String(video.id), transition_1: 'true', background: '2', remember_user_config: 'true' })).expect(200);
    const config = (await h.deps.db('users').where({ id: user.id }).first()).config;
    assert.deepEqual(config.look_customizations, { customizations: { transition: { 1: true }, effect: {}, overlay: {}, border: {} }, background: 2 });
    // The next video this user makes starts with that look.
    const created = await agent.post('/r/videos').send({ video: { title: 'Next Tribute' } }).expect(201);
    const next = await h.deps.db('videos').where({ id: created.body.video_id }).first();
    assert.deepEqual(next.customizations, { transition: { 1: true }, effect: {}, overlay: {}, border: {} });
    assert.equal(next.background_id, 2);
    const read = await agent.get(`/r/slides/customizations?video_id=${next.id}`).expect(200);
    assert.deepEqual(read.body.customizations.transition, { 1: true });
    // Another user's new video keeps the theme's defaults.
    const other = await makeUser(h.deps, { organizationId: user.organization_id });
    const theirs = await (await h.agent(other)).post('/r/videos').send({ video: { title: 'Theirs' } }).expect(201);
    assert.equal((await h.deps.db('videos').where({ id: theirs.body.video_id }).first()).background_id, null);
  });

  it('lets a full-access family link save without remembering; upload-only, another organization and a finalized video get nothing', async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id, upload_link_access_level: 1 });
    const read = await h.request().get(`/r/slides/customizations?video_id=${video.id}&security_hash=${video.security_hash}`).expect(200);
    assert.equal(read.body.can_remember, false);
    await h.request().post('/r/slides/save_customizations').type('form').send(form({ video_id: String(video.id), security_hash: video.security_hash, border_2: 'true', remember_user_config: 'true' })).expect(200);
    assert.deepEqual((await h.deps.db('videos').where({ id: video.id }).first()).customizations.border, { 2: true });

    const uploadOnly = await makeVideo(h.deps, { organization_id: user.organization_id, upload_link_access_level: 2 });
    await h.request().post('/r/slides/save_customizations').type('form').send(form({ video_id: String(uploadOnly.id), security_hash: uploadOnly.security_hash, border_2: 'true' })).expect(404);
    const stranger = await makeUser(h.deps);
    await (await h.agent(stranger)).post('/r/slides/save_customizations').type('form').send(form({ video_id: String(video.id), border_2: 'true' })).expect(404);
    await (await h.agent(stranger)).get(`/r/slides/customizations?video_id=${video.id}`).expect(404);
    const finalized = await makeVideo(h.deps, { organization_id: user.organization_id, date_in_queue: new Date() });
    await (await h.agent(user)).post('/r/slides/save_customizations').type('form').send(form({ video_id: String(finalized.id), border_2: 'true' })).expect(409);
  });

  it('refuses a form posted from another site', async () => {
    const video = await makeVideo(h.deps, { organization_id: user.organization_id });
    await (await h.agent(user)).post('/r/slides/save_customizations').set('Origin', 'https://evil.example').type('form').send(form({ video_id: String(video.id), border_2: 'true' })).expect(403);
  });
});
