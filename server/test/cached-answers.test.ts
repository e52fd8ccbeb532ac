import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { Context } from 'koa';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { createApp } from '../src/app.ts';
import { answerCache } from '../src/http/cached-answer.ts';
import { answerVersionRepository, type AnswerScope } from '../src/repositories/answer-version.repository.ts';
import { makeOrganization, makeUser, makeVideo, PASSWORD, startHarness, type Harness } from './harness.ts';

/**
 * The answer cache of the list, slide list, dashboard and generation-status calls (http/cached-answer.ts): every
 * write the answers depend on, by whichever path, changes the next answer; conditional requests and compression;
 * callers with different rights never share an answer; the cache stays within its bytes.
 */
describe('cached answers', function () {
  this.timeout(120_000);
  let h: Harness;
  let orgId: number;
  let user: { id: number; email: string };
  let staff: TestAgent;
  let videoId: number;
  let slideIds: number[];

  const versions = () => answerVersionRepository(h.deps.db);
  const photo = (video: number, position: number) => ({
    video_id: video,
    position,
    orig_path: `videos/${video}/${position}.jpg`,
    sha256: String(position).padStart(64, 'a'),
    processing_state: 'ready',
  });

  before(async () => {
    h = await startHarness();
    orgId = (await makeOrganization(h.deps)).id;
    user = await makeUser(h.deps, { organizationId: orgId });
    staff = await h.agent(user);
    videoId = (await makeVideo(h.deps, { organization_id: orgId, title: 'First' })).id;
    slideIds = (await h.deps.db('slides').insert([0, 1, 2].map((i) => photo(videoId, i))).returning('id')).map((r: { id: number }) => r.id);
  });
  after(async () => h.close());

  describe('versions kept by the database', () => {
    /** Runs a write and says which of the scopes' versions it moved. */
    async function moved(scopes: AnswerScope[], write: () => Promise<unknown>): Promise<AnswerScope[]> {
      const before = await Promise.all(scopes.map((s) => versions().read([s])));
      await write();
      const after = await Promise.all(scopes.map((s) => versions().read([s])));
      return scopes.filter((_, i) => before[i] !== after[i]);
    }

    it('moves the video and its organization on a slide change, and only the video on render progress', async () => {
      const other = (await makeOrganization(h.deps)).id;
      const scopes: AnswerScope[] = [`video:${videoId}`, `org:${orgId}`, `org:${other}`, 'org:*', 'looks:0', 'products:0'];
      assert.deepEqual(await moved(scopes, () => h.deps.db('slides').where({ id: slideIds[0] }).update({ slide_caption: 'x' })), [
        `video:${videoId}`,
        `org:${orgId}`,
        'org:*',
      ]);
      const [render] = await h.deps.db('renders').insert({ video_id: videoId, kind: 'hd', hash: 'v1', status: 'rendering', progress: 1 }).returning('id');
      assert.deepEqual(await moved(scopes, () => h.deps.db('renders').where({ id: render.id }).update({ progress: 50 })), [`video:${videoId}`]);
      await h.deps.db('renders').where({ id: render.id }).update({ status: 'done' });
      assert.deepEqual(await moved(scopes, () => h.deps.db('videos').where({ id: videoId }).update({ organization_id: other })), [
        `video:${videoId}`,
        `org:${orgId}`,
        `org:${other}`,
        'org:*',
      ]);
      await h.deps.db('videos').where({ id: videoId }).update({ organization_id: orgId });
      assert.deepEqual(await moved(scopes, () => h.deps.db('organizations').where({ id: other }).update({ organization_name: 'Renamed' })), [`org:${other}`, 'org:*']);
      const look = { type: 'transition', id: 9999, label: 'Test', position: 99 };
      assert.deepEqual(await moved(scopes, () => h.deps.db('look_modifiers').insert(look)), ['looks:0']);
      assert.deepEqual(await moved(scopes, () => h.deps.db('look_modifiers').where({ id: 9999 }).delete()), ['looks:0']);
      assert.deepEqual(await moved(scopes, () => h.deps.db('products').update({ sort_order: h.deps.db.raw('sort_order') })), ['products:0']);
    });

    it("moves an order's organization for the order and for its lines", async () => {
      const scopes: AnswerScope[] = [`video:${videoId}`, `org:${orgId}`];
      let orderId = 0;
      assert.deepEqual(
        await moved(scopes, async () => {
          [{ id: orderId }] = await h.deps.db('orders').insert({ video_id: videoId, user_id: null, organization_id: orgId, order_date: new Date() }).returning('id');
        }),
        [`org:${orgId}`],
      );
      const product = await h.deps.db('products').first('id');
      assert.deepEqual(await moved(scopes, () => h.deps.db('order_details').insert({ order_id: orderId, product_id: product.id, quantity: 1 })), [`org:${orgId}`]);
      assert.deepEqual(await moved(scopes, () => h.deps.db('order_details').where({ order_id: orderId }).update({ tracking: '1Z' })), [`org:${orgId}`]);
    });

    it('shows a change only once it is committed, and not at all when it is rolled back', async () => {
      const before = await versions().read([`video:${videoId}`]);
      await h.deps.db.transaction(async (trx) => {
        await trx('slides').where({ id: slideIds[1] }).update({ slide_caption: 'in a transaction' });
        assert.equal(await versions().read([`video:${videoId}`]), before, 'not before the commit');
        await trx.transaction(async (inner) => {
          await inner('renders').insert({ video_id: videoId, kind: 'web', hash: 'w', status: 'done', progress: 100 });
        });
      });
      const committed = await versions().read([`video:${videoId}`]);
      assert.notEqual(committed, before);
      await h.deps.db
        .transaction(async (trx) => {
          await trx('slides').where({ id: slideIds[1] }).update({ slide_caption: 'rolled back' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      assert.equal(await versions().read([`video:${videoId}`]), committed);
    });

    it('moves everything on a TRUNCATE', async () => {
      const before = await versions().read(['looks:0']);
      await h.deps.db.transaction(async (trx) => {
        const rows = await trx('look_modifiers').select('*');
        await trx.raw('TRUNCATE look_modifiers');
        if (rows.length) await trx('look_modifiers').insert(rows.map((r) => ({ ...r, params: JSON.stringify(r.params) })));
      });
      const after = await versions().read(['looks:0']);
      assert.notEqual(after, before);
      assert.notEqual(after.split(' ')[0], before.split(' ')[0], 'the epoch moved');
    });
  });

  describe('the calls', () => {
    const list = '/r/videos/list?context_org=0';
    const slideList = () => `/slides/slide_list/${videoId}?meta=1`;
    let server: Server;
    let cookie: string;
    before(async () => {
      server = http.createServer(createApp(h.deps).callback()).listen(0);
      await new Promise((resolve) => server.once('listening', resolve));
      const res = await h.request().post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
      cookie = String(res.headers['set-cookie']).split(';')[0];
    });
    after(() => server.close());

    it('answers a change through the API with a new answer: slides added, reordered, edited and deleted', async () => {
      const first = await staff.get(slideList()).expect(200);
      assert.equal(first.headers['cache-control'], 'private, no-cache');
      const again = await staff.get(slideList()).expect(200);
      assert.equal(again.headers.etag, first.headers.etag, 'nothing changed');

      const saved = await staff.post('/slides/save').send({ video_id: videoId, slide_caption: 'A text slide' }).expect(200);
      const added = await staff.get(slideList()).expect(200);
      assert.ok(added.body.slides.some((s: { id: number }) => s.id === saved.body.slide.id));

      const order = [slideIds[2], slideIds[0], slideIds[1], saved.body.slide.id];
      await staff.post('/r/slides/reorder').send({ video_id: videoId, image_ids: order }).expect(200);
      assert.deepEqual((await staff.get(slideList()).expect(200)).body.slides.map((s: { id: number }) => s.id), order);

      await staff.post('/slides/save').send({ video_id: videoId, slide_id: saved.body.slide.id, slide_caption: 'Edited' }).expect(200);
      const edited = (await staff.get(slideList()).expect(200)).body.slides.find((s: { id: number }) => s.id === saved.body.slide.id);
      assert.equal(JSON.stringify(edited).includes('Edited'), true);

      await staff.post('/r/slides/delete').send({ video_id: videoId, ids: [saved.body.slide.id] }).expect(200);
      assert.deepEqual((await staff.get(slideList()).expect(200)).body.slides.map((s: { id: number }) => s.id), order.slice(0, 3));
      const deleted = await staff.get(`/slides/slide_list/${videoId}?deleted=1`).expect(200);
      assert.deepEqual(deleted.body.slides.map((s: { id: number }) => s.id), [saved.body.slide.id]);
    });

    it('answers a change by another process (a write straight to the database) in the list, dashboard and statuses', async () => {
      const dashboard = `/r/users/${user.id}/dashboard_data?limit=10`;
      const statuses = `/r/videos/check_generation_statuses?progress_bars=${encodeURIComponent(JSON.stringify({ hd: [videoId] }))}`;
      const status = `/r/videos/${videoId}/check_generation_status`;
      const read = async () => Promise.all([list, dashboard, statuses, status].map(async (p) => (await staff.get(p).expect(200)).body));

      const [listed] = await read();
      await h.deps.db('videos').where({ id: videoId }).update({ title: 'Renamed elsewhere' });
      const [renamed, dashboardRenamed] = await read();
      assert.notDeepEqual(renamed, listed);
      assert.equal(renamed.videos.find((v: { id: number }) => v.id === videoId).title, 'Renamed elsewhere');
      assert.equal(dashboardRenamed.videos.find((v: { id: number }) => v.id === videoId).title, 'Renamed elsewhere');

      await h.deps.db('renders').insert({ video_id: videoId, kind: 'hd', hash: 'p', status: 'rendering', progress: 10 });
      const [, , batch10, one10] = await read();
      assert.equal(batch10.hd[String(videoId)].complete, 10);
      assert.equal(one10.complete, 10);
      await h.deps.db('renders').where({ video_id: videoId, hash: 'p' }).update({ progress: 64 });
      const [, , batch64, one64] = await read();
      assert.equal(batch64.hd[String(videoId)].complete, 64);
      assert.equal(one64.complete, 64);

      const [{ id: orderId }] = await h.deps.db('orders').insert({ video_id: videoId, user_id: null, organization_id: orgId, order_date: new Date() }).returning('id');
      const [, withOrder] = await read();
      assert.ok(withOrder.orders.some((o: { id: number }) => o.id === orderId));
      const product = await h.deps.db('products').first('id');
      await h.deps.db('order_details').insert({ order_id: orderId, product_id: product.id, quantity: 3 });
      const [, withLine] = await read();
      assert.equal(withLine.orders.find((o: { id: number }) => o.id === orderId).order_details[0].quantity, 3);
      await h.deps.db('products').where({ id: product.id }).update({ product_title: 'Renamed product' });
      const [, productRenamed] = await read();
      assert.equal(productRenamed.orders.find((o: { id: number }) => o.id === orderId).order_details[0].product.product_title, 'Renamed product');

      await h.deps.db('organizations').where({ id: orgId }).update({ organization_name: 'New Name' });
      const [orgRenamed] = await read();
      assert.deepEqual(orgRenamed.organizations.map((o: { organization_name: string }) => o.organization_name), ['New Name']);

      // The cover: the first live photo's URL moves when that photo is edited or deleted.
      const cover = (body: { videos: { id: number; cover_photo_thumb_url: string }[] }) => body.videos.find((v) => v.id === videoId)?.cover_photo_thumb_url;
      const coverBefore = cover((await staff.get(list).expect(200)).body);
      await h.deps.db('slides').where({ video_id: videoId }).update({ deleted_at: new Date() });
      assert.notEqual(cover((await staff.get(list).expect(200)).body), coverBefore);
      await h.deps.db('slides').where({ video_id: videoId }).update({ deleted_at: null });
      assert.equal(cover((await staff.get(list).expect(200)).body), coverBefore);
    });

    it('answers 304 to a matching If-None-Match, in any coding, and 200 after a change', async () => {
      const first = await staff.get(list).expect(200);
      const tag = first.headers.etag;
      assert.match(tag, /^"[\w-]{27}(-br|-gzip)?"$/);
      const unchanged = await staff.get(list).set('If-None-Match', tag).expect(304);
      assert.equal(unchanged.text, '');
      assert.equal(unchanged.headers.etag, tag);
      const br = await rawGet(list, { 'accept-encoding': 'br' });
      assert.notEqual(br.headers.etag, tag, 'each coding has its own tag');
      assert.equal((await rawGet(list, { 'accept-encoding': 'gzip', 'if-none-match': `W/"x", ${br.headers.etag}` })).status, 304);
      await staff.get(list).set('If-None-Match', '"something else"').expect(200);

      await h.deps.db('videos').where({ id: videoId }).update({ subtitle: 'changed' });
      const changed = await staff.get(list).set('If-None-Match', tag).expect(200);
      assert.notEqual(changed.headers.etag, tag);
      assert.equal(changed.body.videos.find((v: { id: number }) => v.id === videoId).subtitle, 'changed');
    });

    /** A plain HTTP request as the staff user: no client in between that would decompress the body or add headers. */
    function rawGet(url: string, headers: Record<string, string>) {
      return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        const req = http.request(`http://127.0.0.1:${port}${url}`, { headers: { cookie, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    }

    it('sends brotli, then gzip, as Accept-Encoding allows, each decoding to the same JSON', async () => {
      for (const path of [list, slideList(), `/r/users/${user.id}/dashboard_data?limit=10`]) {
        const plain = await rawGet(path, { 'accept-encoding': 'identity' });
        assert.equal(plain.headers['content-encoding'], undefined);
        assert.match(String(plain.headers['content-type']), /^application\/json/);
        const br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
        assert.equal(br.headers['content-encoding'], 'br');
        assert.match(String(br.headers.vary), /Accept-Encoding/);
        const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
        assert.equal(gzip.headers['content-encoding'], 'gzip');
        assert.deepEqual(JSON.parse(zlib.brotliDecompressSync(br.body).toString()), JSON.parse(plain.body.toString()));
        assert.deepEqual(JSON.parse(zlib.gunzipSync(gzip.body).toString()), JSON.parse(plain.body.toString()));
        assert.ok(br.body.length < plain.body.length);
      }
    });

    it('never gives one caller the answer made for another with other rights', async () => {
      const [video] = await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 1 }).returning('*');
      const staffList = await staff.get(`/slides/slide_list/${videoId}`).expect(200);
      const family = await h.request().get(`/slides/slide_list/${videoId}?security_hash=${video.security_hash}`).expect(200);
      assert.notEqual(family.headers.etag, staffList.headers.etag);
      const urls = family.body.slides.map((s: { thumb_url: string | null }) => s.thumb_url).filter(Boolean);
      assert.ok(urls.length > 0 && urls.every((u: string) => u.includes(`security_hash=${video.security_hash}`)), "the family's URLs carry its hash");
      assert.ok(staffList.body.slides.every((s: { thumb_url: string | null }) => !s.thumb_url?.includes('security_hash')));

      // Another organization's staff is refused, however warm the cache.
      const stranger = await h.agent(await makeUser(h.deps));
      await stranger.get(`/slides/slide_list/${videoId}`).expect(404);
      await stranger.get(`/r/videos/${videoId}/check_generation_status`).expect(404);
      const theirs = await stranger.get(list).expect(200);
      assert.ok(!theirs.body.videos.some((v: { id: number }) => v.id === videoId));
      const batch = `/r/videos/check_generation_statuses?progress_bars=${encodeURIComponent(JSON.stringify({ hd: [videoId] }))}`;
      assert.deepEqual((await stranger.get(batch).expect(200)).body, { hd: {} });

      // A super user sees every organization; a user moved to another organization sees that one's at once.
      const superUser = await h.agent(await makeUser(h.deps, { role: 'super', organizationId: null }));
      const all = (await superUser.get(list).expect(200)).body;
      assert.ok(all.videos.some((v: { id: number }) => v.id === videoId));
      const mover = await makeUser(h.deps, { organizationId: orgId });
      const moverAgent = await h.agent(mover);
      assert.ok((await moverAgent.get(list).expect(200)).body.videos.some((v: { id: number }) => v.id === videoId));
      await h.deps.db('users').where({ id: mover.id }).update({ organization_id: (await makeOrganization(h.deps)).id });
      assert.ok(!(await moverAgent.get(list).expect(200)).body.videos.some((v: { id: number }) => v.id === videoId));
      await moverAgent.get(`/slides/slide_list/${videoId}`).expect(404);

      // Upload-only families may not edit: meta says so, and never the full-access answer.
      const full = (await h.request().get(`/slides/slide_list/${videoId}?meta=1&security_hash=${video.security_hash}`).expect(200)).body;
      await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 2 });
      const uploadOnly = (await h.request().get(`/slides/slide_list/${videoId}?meta=1&security_hash=${video.security_hash}`).expect(200)).body;
      assert.equal(full.meta.can_edit, true);
      assert.equal(uploadOnly.meta.can_edit, false);
      await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 0 });
      await h.request().get(`/slides/slide_list/${videoId}?security_hash=${video.security_hash}`).expect(410);
      await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: video.upload_link_access_level });
    });

    it('gives the same answers as an app without a cache after random writes', async () => {
      // An app on the same database whose cache keeps nothing: it makes every answer afresh.
      const uncached = createApp({ ...h.deps, answers: answerCache(answerVersionRepository(h.deps.db), { maxBytes: 0 }) }).callback();
      const other = await makeVideo(h.deps, { organization_id: orgId, title: 'Second' });
      const videos = [videoId, other.id];
      const paths = () => [
        list,
        `/r/users/${user.id}/dashboard_data?limit=10`,
        ...videos.flatMap((id) => [`/slides/slide_list/${id}?meta=1`, `/slides/slide_list/${id}?deleted=1`, `/r/videos/${id}/check_generation_status`]),
        `/r/videos/check_generation_statuses?progress_bars=${encodeURIComponent(JSON.stringify({ hd: videos, dvd: videos }))}`,
      ];
      const write = fc.oneof(
        fc.record({ kind: fc.constant('caption' as const), video: fc.constantFrom(...videos), text: fc.string({ maxLength: 8 }) }),
        fc.record({ kind: fc.constant('add' as const), video: fc.constantFrom(...videos) }),
        fc.record({ kind: fc.constant('delete' as const), video: fc.constantFrom(...videos) }),
        fc.record({ kind: fc.constant('move' as const), video: fc.constantFrom(...videos) }),
        fc.record({ kind: fc.constant('title' as const), video: fc.constantFrom(...videos), text: fc.string({ maxLength: 8 }) }),
        fc.record({ kind: fc.constant('render' as const), video: fc.constantFrom(...videos), progress: fc.integer({ min: 0, max: 100 }) }),
        fc.record({ kind: fc.constant('order' as const), video: fc.constantFrom(...videos) }),
        fc.record({ kind: fc.constant('finalize' as const), video: fc.constantFrom(...videos), on: fc.boolean() }),
      );
      const apply = async (w: { kind: string; video: number; text?: string; progress?: number; on?: boolean }) => {
        const db = h.deps.db;
        const some = () => db('slides').where({ video_id: w.video }).orderByRaw('random()').first('id');
        if (w.kind === 'caption') await db('slides').where({ id: (await some())?.id ?? 0 }).update({ slide_caption: w.text });
        if (w.kind === 'add') await db('slides').insert(photo(w.video, Math.floor(Math.random() * 10)));
        if (w.kind === 'delete') await db('slides').where({ id: (await some())?.id ?? 0 }).update({ deleted_at: new Date() });
        if (w.kind === 'move') await db('slides').where({ id: (await some())?.id ?? 0 }).update({ position: Math.floor(Math.random() * 10) });
        if (w.kind === 'title') await db('videos').where({ id: w.video }).update({ title: w.text });
        if (w.kind === 'render') {
          // One render at a time per video: the one before is done when the next starts.
          await db('renders').where({ video_id: w.video, status: 'rendering' }).update({ status: 'done' });
          await db('renders').insert({ video_id: w.video, kind: 'hd', hash: `r${Math.random()}`, status: 'rendering', progress: w.progress });
        }
        if (w.kind === 'order') await db('orders').insert({ video_id: w.video, user_id: null, organization_id: orgId, order_date: new Date() });
        if (w.kind === 'finalize') await db('videos').where({ id: w.video }).update({ date_in_queue: w.on ? new Date() : null });
      };
      await fc.assert(
        fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 4 }), async (writes) => {
          for (const path of paths()) await staff.get(path).expect(200); // warms the cache with the answers before
          for (const w of writes) await apply(w);
          for (const path of paths()) {
            const cached = await staff.get(path).expect(200);
            const fresh = await supertest(uncached).get(path).set('cookie', cookie).expect(200);
            assert.deepEqual(cached.body, fresh.body, path);
            assert.equal(cached.headers.etag, fresh.headers.etag, `${path}: the tag is the answer's`);
          }
        }),
        { numRuns: 25, seed: 13 },
      );
    });
  });

  it('keeps within its bytes, least recently used out first, and makes an answer once for requests that wait on it', async () => {
    const cache = answerCache(answerVersionRepository(h.deps.db), { maxBytes: 10_000 });
    let made = 0;
    const ctx = () => {
      const headers: Record<string, string> = {};
      return { get: () => '', set: (k: string, v: string) => (headers[k] = v), vary: () => undefined, headers } as unknown as Context;
    };
    const answer = (n: number) => ({ call: 'test', scopes: [] as AnswerScope[], facets: n, build: async () => ((made += 1), 'x'.repeat(2_000)) });
    await Promise.all([1, 1, 1].map(async (n) => cache.send(ctx(), answer(n))));
    assert.equal(made, 1, 'three requests, one answer made');
    for (let n = 2; n <= 10; n += 1) await cache.send(ctx(), answer(n));
    assert.ok(cache.stats().bytes <= 10_000, `${cache.stats().bytes} bytes`);
    assert.equal(cache.stats().entries, 4);
    made = 0;
    await cache.send(ctx(), answer(10));
    assert.equal(made, 0, 'the newest is kept');
    await cache.send(ctx(), answer(1));
    assert.equal(made, 1, 'the oldest went first');
    await cache.send(ctx(), { ...answer(99), build: async () => 'y'.repeat(5_000) });
    assert.ok(cache.stats().bytes <= 10_000, 'an answer larger than a quarter is not kept');
  });
});
