import assert from 'node:assert/strict';
import type TestAgent from 'supertest/lib/agent.js';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { NO_COPIES, NOT_FINALIZED } from '../src/services/order.service.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, insertTestTheme } from './render-helpers.ts';

interface Product {
  id: number;
  product_title: string;
  kind: string;
  price_cents: number;
}

describe('orders for copies', function () {
  this.timeout(120_000);
  let h: Harness;
  let agent: TestAgent;
  let staffId: number;
  let org: number;
  let themeId: number;
  let products: Product[];
  const byKind = (kind: string) => products.find((p) => p.kind === kind) as Product;

  before(async () => {
    h = await startHarness();
    org = (await h.deps.db('organizations').insert({ organization_name: 'Order Org' }).returning('id'))[0].id as number;
    const staff = await makeUser(h.deps, { organizationId: org, role: 'org_admin', name: 'Olive Orders' });
    staffId = staff.id;
    agent = await h.agent(staff);
    themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5 });
    // Finalizing starts a render; this test is about the order, not the render.
    h.deps.render.useSender(async () => {});
  });

  after(async () => {
    await h?.close();
  });

  const newVideo = (values: Partial<VideoRow> = {}) =>
    makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 2, ...values } as Partial<VideoRow> & { organization_id: number });
  const finishedVideo = () => newVideo({ date_in_queue: new Date(), finished: true });
  const errors = (reply: { body: { errors?: string[] } }) => reply.body.errors?.[0];

  it('offers the catalogue the migration installs, at the organization’s own prices where it has them', async () => {
    const video = await finishedVideo();
    const reply = await agent.get(`/r/orders/products?video_id=${video.id}`).expect(200);
    products = reply.body.products;
    assert.deepEqual(
      products.map((p) => [p.kind, p.price_cents]),
      [
        ['dvd', 2500],
        ['bluray', 3500],
        ['usb', 4000],
      ],
    );
    assert.equal(reply.body.video_code, video.video_code);
    assert.equal(reply.body.finalized, true);
    const byCode = await agent.get(`/r/orders/products?video_code=${video.video_code}`).expect(200);
    assert.equal(byCode.body.video_id, video.id);
    await agent.get('/r/orders/products?video_code=nosuchcode').expect(404);
    await h.deps.db('organization_product_prices').insert({ organization_id: org, product_id: byKind('dvd').id, price_cents: 1999 });
    const priced = await agent.get(`/r/orders/products?video_id=${video.id}`).expect(200);
    assert.equal(priced.body.products.find((p: Product) => p.kind === 'dvd').price_cents, 1999);
    // The price table is this organization's: the others keep the product's price.
    const other = await makeUser(h.deps);
    const theirs = await makeVideo(h.deps, { organization_id: other.organization_id });
    const theirPrices = await (await h.agent(other)).get(`/r/orders/products?video_id=${theirs.id}`).expect(200);
    assert.equal(theirPrices.body.products.find((p: Product) => p.kind === 'dvd').price_cents, 2500);
    await h.deps.db('organization_product_prices').where({ organization_id: org }).delete();
  });

  it('orders copies of a finished video later, priced as offered, and lists them on the video', async () => {
    const video = await finishedVideo();
    const reply = await agent
      .post('/r/orders/hard_copies')
      .send({
        video_id: video.id,
        lines: [
          { product_id: byKind('dvd').id, quantity: 2 },
          { product_id: byKind('bluray').id, quantity: 0 },
          { product_id: byKind('usb').id, quantity: 1 },
        ],
      })
      .expect(200);
    assert.equal(reply.body.redirect, `/videos/${video.id}/details?tab=orders`);
    const order = reply.body.order;
    assert.equal(order.source, 'hard_copies');
    assert.equal(order.auto_burn, false);
    assert.equal(order.placed_by, 'Olive Orders');
    assert.deepEqual(
      order.order_details.map((d: { product: { product_title: string }; quantity: number; unit_price_cents: number }) => [d.product.product_title, d.quantity, d.unit_price_cents]),
      [
        ['DVD in Memorial Case', 2, 2500],
        ['Keepsake USB Drive', 1, 4000],
      ],
    );
    assert.equal(order.total_cents, 9000);

    const listed = await agent.get(`/r/videos/${video.id}/orders`).expect(200);
    assert.equal(listed.body.orders.length, 1);
    assert.equal(listed.body.orders[0].id, order.id);
    assert.equal(listed.body.orders[0].order_details[0].shipped_date, null);
    // The dashboard's order rows show the same order.
    const dashboard = await agent.get(`/r/users/${staffId}/dashboard_data?limit=10&only=orders`).expect(200);
    assert.ok(dashboard.body.orders.some((o: { id: number; video_id: number }) => o.id === order.id && o.video_id === video.id));
  });

  it('lists a video’s orders newest first, with the shipping and cancelling of each line', async () => {
    const video = await finishedVideo();
    const dvd = byKind('dvd').id;
    const first = (await agent.post('/r/orders/hard_copies').send({ video_id: video.id, lines: [{ product_id: dvd, quantity: 1 }] }).expect(200)).body.order;
    const second = (await agent.post('/r/orders/hard_copies').send({ video_id: video.id, lines: [{ product_id: dvd, quantity: 3 }] }).expect(200)).body.order;
    await h.deps.db('order_details').where({ order_id: first.id }).update({ shipped_date: new Date('2026-03-06T15:00:00Z'), tracking: '1Z999AA10123456784' });
    await h.deps.db('order_details').where({ order_id: second.id }).update({ date_cancelled: new Date('2026-03-07T15:00:00Z') });
    const { orders } = (await agent.get(`/r/videos/${video.id}/orders`).expect(200)).body;
    assert.deepEqual(
      orders.map((o: { id: number }) => o.id),
      [second.id, first.id],
    );
    assert.equal(orders[0].order_details[0].display_cancelled_date, 'Mar 7, 2026');
    assert.equal(orders[0].total_cents, 0, 'a cancelled line is not charged');
    assert.equal(orders[1].order_details[0].display_shipped_date, 'Mar 6, 2026');
    assert.equal(orders[1].order_details[0].tracking_url, 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('refuses bad lines with a clear message and stores nothing', async () => {
    const video = await finishedVideo();
    const dvd = byKind('dvd').id;
    const post = (lines: unknown) => agent.post('/r/orders/hard_copies').send({ video_id: video.id, lines }).expect(400);
    assert.equal(errors(await post([{ product_id: dvd, quantity: 100 }])), 'DVD in Memorial Case: A quantity must be a whole number from 0 to 99.');
    assert.equal(errors(await post([{ product_id: dvd, quantity: -1 }])), 'DVD in Memorial Case: A quantity must be a whole number from 0 to 99.');
    assert.equal(errors(await post([{ product_id: dvd, quantity: 1.5 }])), 'DVD in Memorial Case: A quantity must be a whole number from 0 to 99.');
    assert.equal(errors(await post([{ product_id: 987654, quantity: 1 }])), 'Product 987654 cannot be ordered.');
    assert.equal(errors(await post([{ product_id: 'dvd', quantity: 1 }])), 'Product "dvd" cannot be ordered.');
    assert.equal(errors(await post([{ product_id: dvd, quantity: 1 }, { product_id: dvd, quantity: 2 }])), 'DVD in Memorial Case is on the order twice.');
    assert.equal(errors(await post('two dvds')), 'lines must be a list of {product_id, quantity}.');
    assert.equal(errors(await post([{ product_id: dvd, quantity: 0 }])), NO_COPIES);
    assert.equal(errors(await post([])), NO_COPIES);
    // A product the catalogue has switched off cannot be ordered.
    const [off] = await h.deps.db('products').insert({ product_title: 'Old VHS', kind: 'dvd', enabled: false }).returning('id');
    assert.equal(errors(await post([{ product_id: off.id, quantity: 1 }])), `Product ${off.id} cannot be ordered.`);
    const unfinished = await newVideo();
    const early = await agent.post('/r/orders/hard_copies').send({ video_id: unfinished.id, lines: [{ product_id: dvd, quantity: 1 }] }).expect(409);
    assert.equal(errors(early), NOT_FINALIZED);
    assert.equal((await agent.get(`/r/videos/${video.id}/orders`).expect(200)).body.orders.length, 0);
  });

  it('finalizes and orders from the order page, storing the burn choice', async () => {
    const video = await newVideo();
    await addPhoto(h.deps, video, 800, 600);
    const reply = await agent
      .post('/orders/create')
      .send({ video_code: video.video_code, stock_eula: '0', lines: [{ product_id: byKind('bluray').id, quantity: 2 }], auto_burn: true })
      .expect(200);
    assert.deepEqual(reply.body, { redirect: `/videos/${video.id}/details` });
    assert.ok((await h.deps.repos.videos.findById(video.id))?.date_in_queue);
    const [order] = (await agent.get(`/r/videos/${video.id}/orders`).expect(200)).body.orders;
    assert.equal(order.source, 'finalize');
    assert.equal(order.auto_burn, true);
    assert.deepEqual(
      order.order_details.map((d: { quantity: number; unit_price_cents: number }) => [d.quantity, d.unit_price_cents]),
      [[2, 3500]],
    );
    const stored = await h.deps.db('orders').where({ id: order.id }).first();
    assert.equal(stored.auto_burn, true);
  });

  it('keeps the burn choice off when it is unchecked, and orders nothing when finalizing cannot go ahead', async () => {
    const video = await newVideo();
    await addPhoto(h.deps, video, 800, 600);
    const dvd = byKind('dvd').id;
    await agent.post('/orders/create').send({ video_code: video.video_code, stock_eula: '0', lines: [{ product_id: dvd, quantity: 1 }], auto_burn: false }).expect(200);
    const [order] = (await agent.get(`/r/videos/${video.id}/orders`).expect(200)).body.orders;
    assert.equal(order.auto_burn, false);

    const empty = await newVideo();
    const refused = await agent.post('/orders/create').send({ video_code: empty.video_code, stock_eula: '0', lines: [{ product_id: dvd, quantity: 1 }], auto_burn: true }).expect(200);
    assert.deepEqual(refused.body, { message: 'Please upload at least one image before finalizing.' });
    assert.equal((await agent.get(`/r/videos/${empty.id}/orders`).expect(200)).body.orders.length, 0);

    const bad = await newVideo();
    await addPhoto(h.deps, bad, 800, 600);
    const invalid = await agent.post('/orders/create').send({ video_code: bad.video_code, stock_eula: '0', lines: [{ product_id: dvd, quantity: 500 }], auto_burn: true }).expect(400);
    assert.equal(errors(invalid), 'DVD in Memorial Case: A quantity must be a whole number from 0 to 99.');
    assert.equal((await h.deps.repos.videos.findById(bad.id))?.date_in_queue, null, 'a bad order does not finalize the video');
    const badBurn = await agent.post('/orders/create').send({ video_code: bad.video_code, stock_eula: '0', lines: [], auto_burn: 'yes' }).expect(400);
    assert.equal(errors(badBurn), 'auto_burn must be true or false.');
  });

  it('answers 404 to another organization, a missing video and a family link, exactly alike', async () => {
    const video = await finishedVideo();
    await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 1 });
    const dvd = byKind('dvd').id;
    const stranger = await h.agent(await makeUser(h.deps));
    const family = h.request;
    const calls = [
      (a: TestAgent | ReturnType<Harness['request']>, id: number | string, hash = '') => a.get(`/r/orders/products?video_id=${id}${hash && `&security_hash=${hash}`}`),
      (a: TestAgent | ReturnType<Harness['request']>, id: number | string, hash = '') => a.get(`/r/videos/${id}/orders${hash && `?security_hash=${hash}`}`),
      (a: TestAgent | ReturnType<Harness['request']>, id: number | string, hash = '') =>
        a.get(`/r/orders/products?video_code=${id === video.id ? video.video_code : 'x'}${hash && `&security_hash=${hash}`}`),
      (a: TestAgent | ReturnType<Harness['request']>, id: number | string, hash = '') =>
        a.post('/r/orders/hard_copies').send({ video_id: id, lines: [{ product_id: dvd, quantity: 1 }], ...(hash ? { security_hash: hash } : {}) }),
    ];
    for (const call of calls) {
      const seen = [await call(stranger, video.id), await call(agent, 99999999), await call(family(), video.id, video.security_hash), await call(family(), video.security_hash)];
      for (const reply of seen) {
        assert.equal(reply.status, 404);
        assert.deepEqual(reply.body, { errors: ['Not found'] });
      }
    }
    const finalizeAsFamily = await family().post('/orders/create').send({ video_code: video.video_code, stock_eula: '0', lines: [], auto_burn: true, security_hash: video.security_hash });
    assert.equal(finalizeAsFamily.status, 404);
    assert.equal((await agent.get(`/r/videos/${video.id}/orders`).expect(200)).body.orders.length, 0);
  });

  it('answers 404 for copies of a deleted video', async () => {
    const video = await finishedVideo();
    await h.deps.db('videos').where({ id: video.id }).update({ deleted_at: new Date() });
    await agent.post('/r/orders/hard_copies').send({ video_id: video.id, lines: [{ product_id: byKind('dvd').id, quantity: 1 }] }).expect(404);
  });
});
