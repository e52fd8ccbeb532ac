import assert from 'node:assert/strict';
import { makeOrganization, makeUser, startHarness, type Harness } from './harness.ts';

describe('/r/settings/brands', () => {
  let h: Harness;
  let superUser: { email: string };
  before(async () => {
    h = await startHarness();
    superUser = await makeUser(h.deps, { role: 'super' });
  });
  after(async () => h.close());

  const addBrand = async (organizationId: number, name: string) => {
    const [row] = await h.deps.db('brands').insert({ organization_id: organizationId, name }).returning('*');
    return row as { id: number };
  };

  it('answers 404 to staff and organization admins, even for their own brands', async () => {
    for (const role of ['staff', 'org_admin'] as const) {
      const user = await makeUser(h.deps, { role });
      const brand = await addBrand(user.organization_id!, 'Own Brand');
      const agent = await h.agent(user);
      const res = await agent.get('/r/settings/brands').expect(404);
      assert.deepEqual(res.body, { errors: ['Not found'] });
      await agent.post('/r/settings/brands').send({ organization_id: user.organization_id, name: 'X' }).expect(404);
      await agent.patch(`/r/settings/brands/${brand.id}`).send({ name: 'Y' }).expect(404);
    }
  });

  it('lists brands filtered by organization and by a search ignoring accents', async () => {
    const a = await makeOrganization(h.deps, 'Alpha Home');
    const b = await makeOrganization(h.deps, 'Beta Home');
    await addBrand(a.id, 'Chapelle Sainte-Thérèse');
    await addBrand(a.id, 'Alpha Main');
    await addBrand(b.id, 'Therese Gardens');
    const agent = await h.agent(superUser);
    const ofA = await agent.get('/r/settings/brands').query({ organization_id: a.id }).expect(200);
    assert.equal(ofA.body.total, 2);
    assert.ok(ofA.body.brands.every((x: { organization_name: string }) => x.organization_name === 'Alpha Home'));
    const therese = await agent.get('/r/settings/brands').query({ q: 'therese' }).expect(200);
    assert.equal(therese.body.total, 2);
    const thereseOfB = await agent.get('/r/settings/brands').query({ q: 'THÉRÈSE', organization_id: b.id }).expect(200);
    assert.deepEqual(thereseOfB.body.brands.map((x: { name: string }) => x.name), ['Therese Gardens']);
    const paged = await agent.get('/r/settings/brands').query({ per_page: 1, page: 2 }).expect(200);
    assert.equal(paged.body.brands.length, 1);
    assert.ok(paged.body.total >= 3);
  });

  it('creates a brand for an organization', async () => {
    const org = await makeOrganization(h.deps);
    const agent = await h.agent(superUser);
    const res = await agent.post('/r/settings/brands').send({ organization_id: org.id, name: 'Riverside Chapel' }).expect(201);
    assert.equal(res.body.brand.name, 'Riverside Chapel');
    assert.equal(res.body.brand.organization_id, org.id);
    assert.equal(res.body.brand.disabled, false);
  });

  it('refuses a brand without a valid organization or name', async () => {
    const agent = await h.agent(superUser);
    const noOrg = await agent.post('/r/settings/brands').send({ name: 'Orphan' }).expect(400);
    assert.deepEqual(noOrg.body, { errors: ['Please choose the organization.'], fields: { organization_id: 'Please choose the organization.' } });
    await agent.post('/r/settings/brands').send({ organization_id: 999999, name: 'Orphan' }).expect(400);
    const org = await makeOrganization(h.deps);
    const noName = await agent.post('/r/settings/brands').send({ organization_id: org.id, name: '' }).expect(400);
    assert.deepEqual(noName.body, { errors: ['Please enter the brand name.'], fields: { name: 'Please enter the brand name.' } });
  });

  it('renames and disables a brand', async () => {
    const org = await makeOrganization(h.deps);
    const brand = await addBrand(org.id, 'Old Name');
    const agent = await h.agent(superUser);
    const res = await agent.patch(`/r/settings/brands/${brand.id}`).send({ name: 'New Name', disabled: true }).expect(200);
    assert.equal(res.body.brand.name, 'New Name');
    assert.equal(res.body.brand.disabled, true);
    const enabled = await agent.patch(`/r/settings/brands/${brand.id}`).send({ disabled: false }).expect(200);
    assert.equal(enabled.body.brand.disabled, false);
    await agent.patch('/r/settings/brands/999999').send({ name: 'Nobody' }).expect(404);
  });
});
