import assert from 'node:assert/strict';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const PDF = Buffer.from('%PDF-1.4\n% a tax certificate\n%%EOF\n');

/** The settings pages declared on the admin scaffold (server/src/admin/resources/): access, per-field checks, effects. */
describe('/r/settings partners, corporations, order_details, organization_prices and tax_certificates', () => {
  let h: Harness;
  let superUser: { email: string };
  before(async () => {
    h = await startHarness();
    superUser = await makeUser(h.deps, { role: 'super' });
  });
  after(async () => h.close());

  it('answers 404 to staff and organization admins on every call, as if the pages did not exist', async () => {
    const org = await makeOrganization(h.deps);
    const [partner] = await h.deps.db('partners').insert({ name: 'Hidden Partner' }).returning('id');
    const [corporation] = await h.deps.db('corporations').insert({ name: 'Hidden Corp' }).returning('id');
    const [product] = await h.deps.db('products').insert({ product_title: 'Hidden DVD' }).returning('id');
    const [certificate] = await h.deps.db('tax_certificates').insert({ organization_id: org.id, expires_on: '2030-01-01' }).returning('id');
    const [price] = await h.deps.db('organization_product_prices').insert({ organization_id: org.id, product_id: product.id, price_cents: 1 }).returning('id');
    const ids: Record<string, number> = {
      partners: partner.id,
      corporations: corporation.id,
      order_details: product.id,
      organization_prices: price.id,
      tax_certificates: certificate.id,
    };
    for (const role of ['staff', 'org_admin'] as const) {
      const agent = await h.agent(await makeUser(h.deps, { role }));
      for (const [name, id] of Object.entries(ids)) {
        const calls: [string, () => PromiseLike<{ status: number; body: unknown }>][] = [
          ['GET list', () => agent.get(`/r/settings/${name}`)],
          ['POST', () => agent.post(`/r/settings/${name}`).send({ name: 'X' })],
          ['GET one', () => agent.get(`/r/settings/${name}/${id}`)],
          ['PATCH', () => agent.patch(`/r/settings/${name}/${id}`).send({ name: 'Y' })],
          ['DELETE', () => agent.delete(`/r/settings/${name}/${id}`)],
        ];
        if (name === 'tax_certificates') {
          calls.push(['GET file', () => agent.get(`/r/settings/${name}/${id}/file`)], ['POST upload', () => agent.post(`/r/settings/${name}`).attach('file', PDF, 'c.pdf')]);
        }
        for (const [call, send] of calls) {
          const res = await send();
          assert.equal(res.status, 404, `${role}: ${call} ${name}`);
          assert.deepEqual(res.body, { errors: ['Not found'] });
        }
      }
    }
    assert.ok(await h.deps.db('partners').where({ id: partner.id, name: 'Hidden Partner' }).first(), 'nothing changed');
    assert.ok(await h.deps.db('tax_certificates').where({ id: certificate.id }).first(), 'nothing deleted');
    await h.request().get('/r/settings/partners').expect(401);
  });

  it('names every wrong field at once, beside its own key', async () => {
    const agent = await h.agent(superUser);
    const partner = await agent.post('/r/settings/partners').send({ name: ' ', website_url: 'ftp://example.com', contact_email: 'nobody', released: 'maybe' }).expect(400);
    assert.deepEqual(partner.body.fields, {
      name: 'Please enter the partner name.',
      website_url: 'The website must be a web address starting with http:// or https://.',
      contact_email: 'Please enter a valid contact email.',
      released: 'Released must be on or off.',
    });
    assert.deepEqual(partner.body.errors, Object.values(partner.body.fields));

    const product = await agent.post('/r/settings/order_details').send({ product_title: 'VHS', kind: 'vhs', product_thumb_image: '../secret.svg', price_cents: -1 }).expect(400);
    assert.deepEqual(Object.keys(product.body.fields).sort(), ['kind', 'price_cents', 'product_thumb_image']);
    assert.equal(product.body.fields.price_cents, 'The price in cents must be a whole number from 0 to 1000000.');

    const certificate = await agent.post('/r/settings/tax_certificates').field('organization_id', '999999').field('expires_on', '2030-02-31').expect(400);
    assert.deepEqual(certificate.body.fields, {
      organization_id: 'Please choose a valid organization.',
      expires_on: 'The expiry date must be a date (year-month-day).',
      file: 'Please choose the certificate file to upload.',
    });

    await agent.post('/r/settings/corporations').send({ name: 'Evergreen Holdings' }).expect(201);
    const twice = await agent.post('/r/settings/corporations').send({ name: 'EVERGREEN holdings' }).expect(400);
    assert.deepEqual(twice.body.fields, { name: 'Another corporation already has this name.' });
  });

  it('creates, searches, edits and deletes a partner', async () => {
    const agent = await h.agent(superUser);
    const created = await agent.post('/r/settings/partners').send({ name: 'Obits Online', website_url: 'https://obits.example', released: false }).expect(201);
    assert.equal(created.body.partner.released, false);
    const found = await agent.get('/r/settings/partners').query({ q: 'OBITS' }).expect(200);
    assert.deepEqual(found.body.partners.map((p: { name: string }) => p.name), ['Obits Online']);
    const edited = await agent.patch(`/r/settings/partners/${created.body.partner.id}`).send({ contact_name: 'Ana Núñez' }).expect(200);
    assert.equal(edited.body.partner.contact_name, 'Ana Núñez');
    assert.equal(edited.body.partner.website_url, 'https://obits.example', 'a PATCH leaves the other fields alone');
    await agent.delete(`/r/settings/partners/${created.body.partner.id}`).expect(200);
    assert.equal(await h.deps.db('partners').where({ id: created.body.partner.id }).first(), undefined);
  });

  it('edits the products and prices the order page offers, and keeps an ordered product', async () => {
    const agent = await h.agent(superUser);
    const created = await agent
      .post('/r/settings/order_details')
      .send({ product_title: 'Photo Book', kind: 'usb', product_thumb_image: 'usb.svg', price_cents: 4500, sort_order: 0 })
      .expect(201);
    const id = created.body.product.id as number;
    const offered = async () => (await h.deps.repos.orders.offers(null)).find((o) => o.id === id);
    assert.equal((await offered())?.price_cents, 4500);
    const titles = (await h.deps.repos.orders.offers(null)).map((o) => o.product_title);
    assert.ok(titles.indexOf('Photo Book') < titles.indexOf('DVD in Memorial Case'), 'sort order 0 comes before the seeded 1');
    await agent.patch(`/r/settings/order_details/${id}`).send({ price_cents: 3999 }).expect(200);
    assert.equal((await offered())?.price_cents, 3999);
    await agent.patch(`/r/settings/order_details/${id}`).send({ enabled: false }).expect(200);
    assert.equal(await offered(), undefined, 'no longer offered');

    const org = await makeOrganization(h.deps);
    const video = await makeVideo(h.deps, { organization_id: org.id });
    await h.deps.repos.orders.create({
      video_id: video.id,
      user_id: null,
      organization_id: org.id,
      stock_eula: false,
      auto_burn: false,
      source: 'hard_copies',
      lines: [{ product_id: id, quantity: 1, unit_price_cents: 3999 }],
    });
    const org2 = await makeOrganization(h.deps, 'Priced Chapel');
    await agent.patch(`/r/settings/order_details/${id}`).send({ enabled: true }).expect(200);
    const price = await agent.post('/r/settings/organization_prices').send({ organization_id: org2.id, product_id: id, price_cents: 2999 }).expect(201);
    assert.equal(price.body.organization_price.list_price_cents, 3999);
    assert.equal((await h.deps.repos.orders.offers(org2.id)).find((o) => o.id === id)?.price_cents, 2999, "the organization's price");
    assert.equal((await offered())?.price_cents, 3999, 'the others still pay the list price');
    const again = await agent.post('/r/settings/organization_prices').send({ organization_id: org2.id, product_id: id, price_cents: 1 }).expect(400);
    assert.deepEqual(again.body.fields, { product_id: 'This organization already has a price for this product; edit that one.' });
    await agent.patch(`/r/settings/organization_prices/${price.body.organization_price.id}`).send({ price_cents: 2500 }).expect(200);
    assert.equal((await h.deps.repos.orders.offers(org2.id)).find((o) => o.id === id)?.price_cents, 2500);

    const refused = await agent.delete(`/r/settings/order_details/${id}`).expect(409);
    assert.match(refused.body.errors[0], /cannot be deleted/);
    const unused = await agent.post('/r/settings/order_details').send({ product_title: 'Spare', kind: 'dvd', product_thumb_image: 'dvd.svg', price_cents: 1 }).expect(201);
    await agent.delete(`/r/settings/order_details/${unused.body.product.id}`).expect(200);
  });

  it('stores a tax certificate file, serves it back, replaces it and removes it with the row', async () => {
    const org = await makeOrganization(h.deps, 'Certified Chapel');
    const agent = await h.agent(superUser);
    const created = await agent
      .post('/r/settings/tax_certificates')
      .field('organization_id', String(org.id))
      .field('jurisdiction', 'Texas')
      .field('expires_on', '2031-06-30')
      .attach('file', PDF, { filename: 'exemption.pdf', contentType: 'application/pdf' })
      .expect(201);
    const certificate = created.body.tax_certificate;
    assert.equal(certificate.expires_on, '2031-06-30');
    assert.equal(certificate.organization_name, 'Certified Chapel');
    assert.equal(certificate.file_name, 'exemption.pdf');
    assert.equal(certificate.file_key, undefined, 'the storage key stays on the server');
    const file = await agent.get(certificate.file_url).buffer(true).expect(200);
    assert.equal(file.headers['content-type'], 'application/pdf');
    assert.deepEqual(file.body, PDF);

    const wrongType = await agent.patch(`/r/settings/tax_certificates/${certificate.id}`).attach('file', Buffer.from('hello'), { filename: 'x.txt', contentType: 'text/plain' }).expect(400);
    assert.deepEqual(wrongType.body.fields, { file: 'The certificate must be a PDF, PNG or JPEG file.' });
    const moved = await agent.patch(`/r/settings/tax_certificates/${certificate.id}`).send({ expires_on: '2032-01-15' }).expect(200);
    assert.equal(moved.body.tax_certificate.expires_on, '2032-01-15');
    assert.equal(moved.body.tax_certificate.file_name, 'exemption.pdf', 'a PATCH without a file keeps the file');

    const listed = await agent.get('/r/settings/tax_certificates').query({ organization_id: org.id }).expect(200);
    assert.deepEqual(listed.body.tax_certificates.map((t: { id: number }) => t.id), [certificate.id]);

    const { file_key: key } = await h.deps.db('tax_certificates').where({ id: certificate.id }).first();
    assert.ok(await h.deps.repos.storage.read(key));
    await agent.delete(`/r/settings/tax_certificates/${certificate.id}`).expect(200);
    assert.equal(await h.deps.repos.storage.read(key), null, 'the file went with the row');
    await agent.get(certificate.file_url).expect(404);
  });
});
