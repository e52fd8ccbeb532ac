import assert from 'node:assert/strict';
import { NO_PAYMENT_TEXT } from '../../common/retail-order.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { RETAIL_ORDERS_PER_HOUR, TOO_MANY_ORDERS } from '../src/services/retail-order.service.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const CUSTOMER = {
  name: 'Mary Jones',
  email: 'mary@example.com',
  phone: '(555) 010-2030',
  address_line1: '12 Elm Street',
  address_line2: '',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'United States',
  note: 'Please call before sending.',
};

describe('retail orders: the public order form behind Buy a DVD', function () {
  this.timeout(60_000);
  let h: Harness;
  let orgId: number;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let dvd: { id: number; price_cents: number };

  const trustProxy = process.env.TRUST_PROXY;
  before(async () => {
    // Behind a proxy, as in production, so each test can order from an address of its own (X-Forwarded-For).
    process.env.TRUST_PROXY = '1';
    h = await startHarness();
    orgId = (await makeOrganization(h.deps, 'Maple Funeral Home')).id;
    staff = await makeUser(h.deps, { organizationId: orgId });
  });
  after(async () => {
    await h?.close();
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  });

  const video = (values: Partial<VideoRow> = {}) => makeVideo(h.deps, { organization_id: orgId, user_id: staff.id, title: 'Remembering Ann', date_in_queue: new Date(), finished: true, ...values });
  // Each test's orders come from its own address, so the hourly limit of one does not touch another.
  let address = 0;
  const from = () => `203.0.113.${++address}`;
  const place = (code: string, body: Record<string, unknown>, ip = from()) => h.request().post(`/r/orders/retail/${code}`).set('X-Forwarded-For', ip).send(body);

  it("answers the video, the funeral home's prices and the no-payment notice to anyone holding the code", async () => {
    const row = await video();
    await h.deps.db('organization_product_prices').insert({ organization_id: orgId, product_id: (await h.deps.db('products').where({ kind: 'dvd' }).first()).id, price_cents: 1999 });
    const res = await h.request().get(`/r/orders/retail/${row.video_code}`).expect(200);
    assert.equal(res.body.title, 'Remembering Ann');
    assert.equal(res.body.organization_name, 'Maple Funeral Home');
    assert.equal(res.body.finalized, true);
    assert.equal(res.body.no_payment, NO_PAYMENT_TEXT);
    dvd = res.body.products.find((p: { kind: string }) => p.kind === 'dvd');
    assert.equal(dvd.price_cents, 1999);
  });

  it('is not there where the player shows no Buy a DVD link, nor for an unknown or deleted video', async () => {
    const hidden = await video({ embed_hide_buy: true });
    const gone = await video({ deleted_at: new Date() });
    const unbranded = await makeVideo(h.deps, { organization_id: (await makeOrganization(h.deps)).id, date_in_queue: new Date() });
    await h.deps.db('organizations').where({ id: unbranded.organization_id! }).update({ show_branding: false });
    for (const code of [hidden.video_code, gone.video_code, unbranded.video_code, 'ffffffffffffffff', '..%2F']) {
      await h.request().get(`/r/orders/retail/${code}`).expect(404);
      await place(code, { customer: CUSTOMER, lines: [{ product_id: dvd.id, quantity: 1 }] }).expect(404);
    }
  });

  it('stores the order without a user, with the address, for the funeral home to see in its Order History', async () => {
    const row = await video();
    const res = await place(row.video_code, { customer: CUSTOMER, lines: [{ product_id: dvd.id, quantity: 2 }], website: '' }).expect(200);
    assert.match(res.body.message, /^Thank you\. Maple Funeral Home has your order and will contact you at mary@example\.com/);
    const stored = await h.deps.db('orders').where({ id: res.body.order_id }).first();
    assert.equal(stored.user_id, null);
    assert.equal(stored.source, 'retail');
    assert.equal(stored.organization_id, orgId);
    assert.deepEqual([stored.customer_name, stored.address_line1, stored.address_line2, stored.postal_code], ['Mary Jones', '12 Elm Street', null, '62701']);
    const history = await (await h.agent(staff)).get(`/r/videos/${row.id}/orders`).expect(200);
    const [order] = history.body.orders;
    assert.equal(order.source, 'retail');
    assert.equal(order.total_cents, 2 * 1999);
    assert.deepEqual(order.retail_customer, { ...CUSTOMER, address_line2: null });
  });

  it('names every field that is wrong, and stores nothing', async () => {
    const row = await video();
    const res = await place(row.video_code, { customer: { ...CUSTOMER, name: ' ', email: 'mary@', postal_code: '' }, lines: [{ product_id: dvd.id, quantity: 1 }] }).expect(400);
    assert.deepEqual(res.body.fields, { name: 'Your name is required.', email: 'Please enter a valid email address.', postal_code: 'ZIP or postal code is required.' });
    const none = await place(row.video_code, { customer: CUSTOMER, lines: [{ product_id: dvd.id, quantity: 0 }] }).expect(400);
    assert.deepEqual(none.body.errors, ['Choose at least one copy to order.']);
    await place(row.video_code, { customer: CUSTOMER, lines: [{ product_id: 999999, quantity: 1 }] }).expect(400);
    const robot = await place(row.video_code, { customer: CUSTOMER, lines: [{ product_id: dvd.id, quantity: 1 }], website: 'http://spam.example' }).expect(400);
    assert.deepEqual(robot.body.errors, ['This order could not be accepted.']);
    const unfinished = await video({ date_in_queue: null, finished: false });
    await place(unfinished.video_code, { customer: CUSTOMER, lines: [{ product_id: dvd.id, quantity: 1 }] }).expect(409);
    assert.equal((await h.deps.db('orders').whereIn('video_id', [row.id, unfinished.id]).count<{ count: number }[]>('* as count'))[0].count, 0);
  });

  it('takes JSON from its own pages only, and a few orders an hour from one address', async () => {
    const row = await video();
    const body = { customer: CUSTOMER, lines: [{ product_id: dvd.id, quantity: 1 }] };
    await h.request().post(`/r/orders/retail/${row.video_code}`).set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
    await h.request().post(`/r/orders/retail/${row.video_code}`).type('form').send('customer[name]=x').expect(415);
    const ip = from();
    for (let i = 0; i < RETAIL_ORDERS_PER_HOUR; i++) await place(row.video_code, body, ip).expect(200);
    const refused = await place(row.video_code, body, ip).expect(429);
    assert.deepEqual(refused.body.errors, [TOO_MANY_ORDERS]);
    await place(row.video_code, body, from()).expect(200);
  });
});
