import assert from 'node:assert/strict';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('GET /r/users/{userId}/dashboard_data', () => {
  let h: Harness;
  let orgId: number;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let products: { id: number }[];

  before(async () => {
    h = await startHarness();
    orgId = (await makeOrganization(h.deps, 'Cedar Chapel')).id;
    staff = await makeUser(h.deps, { organizationId: orgId });
    products = await h.deps
      .db('products')
      .insert([
        { product_title: 'DVD in Memorial Case', product_thumb_image: 'dvd.svg' },
        { product_title: 'Keepsake USB Drive', product_thumb_image: 'usb.svg' },
      ])
      .returning('id');
  });
  after(async () => h.close());

  it("pages the organization's live videos, most recent first, ten at a time", async () => {
    const day = 24 * 3600 * 1000;
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await makeVideo(h.deps, { organization_id: orgId, created_at: new Date(Date.now() - (20 - i) * day) }));
    await makeVideo(h.deps, { organization_id: orgId, deleted_at: new Date() });
    const agent = await h.agent(staff);
    const first = await agent.get(`/r/users/${staff.id}/dashboard_data?limit=10&orders_page=1&videos_page=1`).expect(200);
    assert.equal(first.body.super, false);
    assert.deepEqual(
      first.body.videos.map((v: { id: number }) => v.id),
      made.slice(2).reverse().map((v) => v.id),
    );
    const second = await agent.get(`/r/users/${staff.id}/dashboard_data?limit=10&videos_page=2&only=videos`).expect(200);
    assert.deepEqual(
      second.body.videos.map((v: { id: number }) => v.id),
      [made[1].id, made[0].id],
    );
    assert.deepEqual(second.body.orders, [], 'only=videos leaves the orders column alone');
  });

  describe('has_more', () => {
    const day = 24 * 3600 * 1000;
    /** A user of a fresh organization with `count` live videos, newest last. */
    async function staffWithVideos(count: number) {
      const organizationId = (await makeOrganization(h.deps)).id;
      const user = await makeUser(h.deps, { organizationId });
      for (let i = 0; i < count; i++) await makeVideo(h.deps, { organization_id: organizationId, created_at: new Date(Date.now() - (count - i) * day) });
      return { user, organizationId, agent: await h.agent(user) };
    }
    /** `count` orders for one of the organization's videos (adding none). */
    async function ordersFor(organizationId: number, count: number) {
      const video = await h.deps.db('videos').where({ organization_id: organizationId }).first();
      for (let i = 0; i < count; i++) {
        await h.deps.db('orders').insert({ video_id: video.id, user_id: null, organization_id: organizationId, order_date: new Date(Date.now() - i * day) });
      }
    }
    const read = (agent: Awaited<ReturnType<typeof h.agent>>, userId: number, query: string) =>
      agent.get(`/r/users/${userId}/dashboard_data?limit=10&${query}`).expect(200);

    it('is false when exactly a page of rows is left, so a full last page offers no Load More', async () => {
      const { user, organizationId, agent } = await staffWithVideos(10);
      await ordersFor(organizationId, 10);
      const first = await read(agent, user.id, 'videos_page=1&orders_page=1');
      assert.equal(first.body.videos.length, 10);
      assert.equal(first.body.orders.length, 10);
      assert.deepEqual(first.body.has_more, { videos: false, orders: false });
    });

    it('is true while rows remain, page after page, and false on the page that ends them', async () => {
      const { user, organizationId, agent } = await staffWithVideos(21);
      await ordersFor(organizationId, 11);
      const first = await read(agent, user.id, 'videos_page=1&orders_page=1');
      assert.deepEqual(first.body.has_more, { videos: true, orders: true });
      const second = await read(agent, user.id, 'videos_page=2&only=videos');
      assert.equal(second.body.videos.length, 10);
      assert.deepEqual(second.body.has_more, { videos: true }, 'the column not asked for says nothing');
      const third = await read(agent, user.id, 'videos_page=3&only=videos');
      assert.equal(third.body.videos.length, 1);
      assert.deepEqual(third.body.has_more, { videos: false });
      const orders = await read(agent, user.id, 'orders_page=2&only=orders');
      assert.equal(orders.body.orders.length, 1);
      assert.deepEqual(orders.body.has_more, { orders: false });
    });

    it('counts only the rows the caller may see: deleted videos neither fill a page nor promise more', async () => {
      const { user, organizationId, agent } = await staffWithVideos(0);
      const at = (days: number) => new Date(Date.now() - days * day);
      // Live and deleted videos interleaved, and deleted ones older than every live one.
      for (let i = 0; i < 11; i++) {
        await makeVideo(h.deps, { organization_id: organizationId, created_at: at(30 - i) });
        await makeVideo(h.deps, { organization_id: organizationId, created_at: at(30 - i), deleted_at: new Date() });
      }
      for (let i = 0; i < 3; i++) await makeVideo(h.deps, { organization_id: organizationId, created_at: at(90 + i), deleted_at: new Date() });
      const first = await read(agent, user.id, 'videos_page=1&only=videos');
      assert.equal(first.body.videos.length, 10);
      assert.equal(first.body.has_more.videos, true, 'an eleventh live video is left');
      const second = await read(agent, user.id, 'videos_page=2&only=videos');
      assert.equal(second.body.videos.length, 1);
      assert.equal(second.body.has_more.videos, false, 'only deleted videos are left');
      const other = await makeOrganization(h.deps);
      for (let i = 0; i < 3; i++) await makeVideo(h.deps, { organization_id: other.id });
      assert.equal((await read(agent, user.id, 'videos_page=2&only=videos')).body.has_more.videos, false, "another organization's videos are not more");
    });
  });

  it('answers orders with their lines, products, dates and tracking', async () => {
    const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Ordered Video' });
    const [order] = await h.deps
      .db('orders')
      .insert({ video_id: video.id, user_id: null, organization_id: orgId, order_date: new Date('2026-03-04T15:00:00Z') })
      .returning('*');
    await h.deps.db('order_details').insert([
      { order_id: order.id, product_id: products[0].id, quantity: 2, shipped_date: new Date('2026-03-06T15:00:00Z'), tracking: '1Z999AA10123456784' },
      { order_id: order.id, product_id: products[1].id, quantity: 1, date_cancelled: new Date('2026-03-05T15:00:00Z') },
    ]);
    const res = await (await h.agent(staff)).get(`/r/users/${staff.id}/dashboard_data?limit=10&only=orders`).expect(200);
    assert.deepEqual(res.body.videos, []);
    const wire = res.body.orders.find((o: { id: number }) => o.id === order.id);
    assert.equal(wire.video_id, video.id);
    assert.equal(wire.user_id, 0, 'a retail order has user id 0');
    assert.equal(wire.video_title, 'Ordered Video');
    assert.equal(wire.display_order_date, 'Mar 4, 2026');
    assert.match(wire.cover_photo_thumb_url, new RegExp(`^/r/videos/${video.id}/cover_thumb`));
    const [shipped, cancelled] = wire.order_details;
    assert.deepEqual(shipped.product, { product_title: 'DVD in Memorial Case', product_thumb_image: 'dvd.svg' });
    assert.equal(shipped.quantity, 2);
    assert.equal(shipped.display_shipped_date, 'Mar 6, 2026');
    assert.equal(shipped.tracking, '1Z999AA10123456784');
    assert.equal(shipped.tracking_url, 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    assert.equal(shipped.date_cancelled, null);
    assert.equal(cancelled.display_cancelled_date, 'Mar 5, 2026');
    assert.equal(cancelled.shipped_date, null);
  });

  it("answers 404 for another user's dashboard, with the same body as a missing user", async () => {
    const colleague = await makeUser(h.deps, { organizationId: orgId });
    const outsider = await makeUser(h.deps);
    const agent = await h.agent(outsider);
    const missing = await agent.get('/r/users/999999/dashboard_data').expect(404);
    const res = await agent.get(`/r/users/${staff.id}/dashboard_data`).expect(404);
    assert.deepEqual(res.body, missing.body);
    await (await h.agent(colleague)).get(`/r/users/${staff.id}/dashboard_data`).expect(404);
  });

  it("lets super users read anyone's dashboard", async () => {
    const admin = await makeUser(h.deps, { role: 'super' });
    const res = await (await h.agent(admin)).get(`/r/users/${staff.id}/dashboard_data?limit=10`).expect(200);
    assert.equal(res.body.super, true);
    assert.ok(res.body.videos.length > 0);
  });

  it('refuses a bad column name and asks signed-out callers to log in', async () => {
    await (await h.agent(staff)).get(`/r/users/${staff.id}/dashboard_data?only=songs`).expect(400);
    await h.request().get(`/r/users/${staff.id}/dashboard_data`).expect(401);
  });
});

describe('GET /product_images/{thumb}', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('serves the seeded product pictures', async () => {
    for (const name of ['dvd.svg', 'usb.svg', 'download.svg']) {
      const res = await h.request().get(`/product_images/${name}`).buffer(true).expect(200);
      assert.match(res.headers['content-type'], /image\/svg\+xml/);
      assert.match(res.body.toString(), /^<svg/);
    }
  });

  it('answers 404 for unknown or unsafe names', async () => {
    await h.request().get('/product_images/nothing.svg').expect(404);
    await h.request().get('/product_images/..%2Fdvd.svg').expect(404);
  });
});
