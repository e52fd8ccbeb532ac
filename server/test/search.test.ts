import assert from 'node:assert/strict';
import { SEARCH_SOURCES } from '../../common/search-sources.ts';
import { searchSql } from '../src/repositories/search.repository.ts';
import type { WireSearchResult } from '../src/wire/search.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('GET /search/search', () => {
  let h: Harness;
  let superUser: { email: string };
  let staff: { email: string };
  let orgId: number;
  let deletedVideoId: number;
  let joseId: number;
  before(async () => {
    h = await startHarness();
    superUser = await makeUser(h.deps, { role: 'super' });
    const org = await makeOrganization(h.deps, 'Évangéline Funeral Home');
    orgId = org.id;
    staff = await makeUser(h.deps, { role: 'staff', organizationId: orgId, name: 'Margaret Thompson' });
    await makeUser(h.deps, { role: 'org_admin', organizationId: orgId, name: 'Zoë Castañeda' });
    const jose = await makeVideo(h.deps, { organization_id: orgId, title: 'José García', subtitle: 'Beloved father' });
    await makeVideo(h.deps, { organization_id: orgId, title: 'Remembering Anne Whitfield', date_in_queue: new Date() });
    deletedVideoId = (await makeVideo(h.deps, { organization_id: orgId, title: 'Chloé Dubois', deleted_at: new Date() })).id;
    await h.deps.db('slides').insert([
      { video_id: jose.id, position: 1, orig_filename: 'IMG_4711 beach.jpg' },
      { video_id: jose.id, position: 2, orig_filename: 'wedding-day.heic', deleted_at: new Date() },
      { video_id: jose.id, position: 3, orig_filename: 'IMG_4712 porch.jpg', processing_state: 'ready', orig_path: `videos/${jose.id}/slides/porch.jpg`, sha256: 'ab'.repeat(32) },
    ]);
    await h.deps.db('songs').insert({ video_id: jose.id, position: 1, title: 'Amazing Grace', artist: 'Traditional', song_orig_name: 'grace.mp3' });
    await h.deps.db('silks').insert({ organization_id: orgId, label: 'Chapel receiver', device_id: '3f2b8c1e-9d4a-4e6b-8f00-1234567890ab' });
    await h.deps.db('brands').insert({ organization_id: orgId, name: 'Søren Memorials' });
    const [website] = await h.deps.db('obituary_websites').insert({ organization_id: orgId, name: 'Évangéline Obituaries', domain: 'evangeline.example', obituary_slug: 'obituaries' }).returning('*');
    const [obituary] = await h.deps.db('obituaries').insert({ website_id: website.id, slug: 'jose-garcia-1950' }).returning('id');
    await h.deps.db('obituary_videos').insert({ obituary_id: obituary.id, video_id: jose.id, name: 'José García' });
    joseId = jose.id;
  });
  after(async () => h.close());

  const search = async (source: string, words: string): Promise<WireSearchResult> =>
    (await (await h.agent(superUser)).get('/search/search').query({ source, words }).expect(200)).body as WireSearchResult;
  const column = (result: WireSearchResult, field: string) => result.rows.map((row) => row.cells[result.fields.indexOf(field)]);

  it('answers 404 to everyone but super users, with the body of a missing page', async () => {
    await h.request().get('/search/search').query({ source: 'videos', words: 'jose' }).expect(401);
    for (const user of [staff, await makeUser(h.deps, { role: 'org_admin', organizationId: orgId })]) {
      const agent = await h.agent(user);
      assert.deepEqual((await agent.get('/search/search').query({ source: 'videos', words: 'jose' }).expect(404)).body, { errors: ['Not found'] });
    }
  });

  it('finds names without their accents and accented words without accents', async () => {
    const videos = await search('videos', 'jose garcia');
    assert.deepEqual(column(videos, 'title'), ['José García']);
    assert.deepEqual(videos.fields, ['title', 'subtitle', 'organization', 'editor', 'created_at']);
    assert.deepEqual(column(await search('users', 'ZOE castaneda'), 'name'), ['Zoë Castañeda']);
    assert.deepEqual(column(await search('organizations', 'evangeline'), 'organization_name'), ['Évangéline Funeral Home']);
    // ø is a letter of its own, not o with a mark; unaccent's rules still map it.
    assert.deepEqual(column(await search('brands', 'soren'), 'name'), ['Søren Memorials']);
  });

  it('still finds a name spelt a letter off, best match first', async () => {
    assert.deepEqual(column(await search('users', 'margret'), 'name'), ['Margaret Thompson']);
    assert.deepEqual(column(await search('users', 'thompsen'), 'name'), ['Margaret Thompson']);
    assert.deepEqual(column(await search('videos', 'whitfeld'), 'title'), ['Remembering Anne Whitfield']);
    await makeVideo(h.deps, { organization_id: orgId, title: 'The Garciaz Family Reunion' });
    assert.deepEqual(column(await search('videos', 'garcia'), 'title'), ['José García', 'The Garciaz Family Reunion']);
    // The words as typed come before a near spelling of them.
    await makeUser(h.deps, { role: 'staff', organizationId: orgId, name: 'Paul Thompsen' });
    assert.deepEqual(column(await search('users', 'thompsen'), 'name'), ['Paul Thompsen', 'Margaret Thompson']);
    assert.equal((await search('videos', 'xylophone quartet')).empty, true);
    // Whole words only: the seeded verse "In My Father's House" by "John 14:1-2" holds 'se' + 'jo' across a word's edge.
    assert.ok((await h.deps.db('stock_texts').where({ text_title: "In My Father's House" })).length);
    assert.equal((await search('stock_texts', 'jose')).empty, true);
  });

  it("finds a word's other forms by its stem", async () => {
    await makeVideo(h.deps, { organization_id: orgId, title: 'Run for Jim', subtitle: 'Memories of the harbour' });
    // Neither a substring of the title nor within a near spelling of 'run' (strict similarity 0.33).
    assert.deepEqual(column(await search('videos', 'running'), 'title'), ['Run for Jim']);
    assert.deepEqual(column(await search('videos', 'memory harbours'), 'title'), ['Run for Jim']);
  });

  it('returns deleted rows flagged deleted', async () => {
    const videos = await search('videos', 'chloe');
    assert.deepEqual(videos.rows.map((row) => [row.id, row.deleted]), [[deletedVideoId, true]]);
    const slides = await search('slides', 'wedding');
    assert.deepEqual(slides.rows.map((row) => row.deleted), [true]);
    assert.equal((await search('slides', 'img_4711')).rows[0].deleted, false);
  });

  it('links the ID and the spec link fields', async () => {
    const [queued] = (await search('videos', 'whitfield')).rows;
    assert.equal(queued.url, `/videos/${queued.id}/details`);
    const [jose] = (await search('videos', 'jose')).rows;
    assert.equal(jose.url, `/creator/${jose.id}/slides`);
    assert.deepEqual(jose.cells[3], { text: 'Slides', href: `/creator/${jose.id}/slides` });
    const obituaries = await search('obituaries', 'jose garcia');
    assert.equal(obituaries.rows[0].url, 'https://evangeline.example/obituaries/jose-garcia-1950');
    assert.deepEqual(column(obituaries, 'funeral_home'), [{ text: 'Évangéline Obituaries', href: 'https://evangeline.example' }]);
    assert.deepEqual(column(obituaries, 'flower_order'), [{ text: 'Send Flowers', href: 'https://evangeline.example/obituaries/jose-garcia-1950/flowers' }]);
    assert.deepEqual(column(obituaries, 'builder'), [{ text: 'Video Builder', href: `/creator/${joseId}/setup` }]);
    assert.deepEqual(column(await search('organizations', 'evangeline'), 'website'), [{ text: 'evangeline.example', href: 'https://evangeline.example' }]);
    const devices = await search('devices', 'chapel');
    assert.equal(devices.rows[0].id, '3f2b8c1e-9d4a-4e6b-8f00-1234567890ab');
    assert.deepEqual(column(await search('songs', 'amazing grace'), 'file_name'), ['grace.mp3']);
    // The optional thumbnail: a processed photo's, none for one still uploading.
    const slides = await search('slides', 'img_471');
    const thumbnails = Object.fromEntries(slides.rows.map((row) => [row.cells[0] as string, row.thumbnail]));
    assert.match(thumbnails['IMG_4712 porch.jpg'] ?? '', /^\/r\/slides\/\d+\/image\/thumb-[0-9a-f]+\.jpg$/);
    assert.equal(thumbnails['IMG_4711 beach.jpg'], null);
  });

  it('finds a row by its id and refuses an unknown source', async () => {
    const videos = await search('videos', String(deletedVideoId));
    assert.ok(videos.rows.some((row) => row.id === deletedVideoId));
    const agent = await h.agent(superUser);
    assert.deepEqual((await agent.get('/search/search').query({ source: 'passwords', words: 'a' }).expect(400)).body, { errors: ['Unknown search source.'] });
  });

  it('answers every source from its trigram and word indexes, never by reading the whole table', async () => {
    await h.deps.db.transaction(async (trx) => {
      // A few rows are cheapest read whole; with plain scans off, a bitmap scan needs a condition its index answers.
      await trx.raw('SET LOCAL enable_seqscan = off');
      await trx.raw('SET LOCAL enable_indexscan = off');
      for (const { name } of SEARCH_SOURCES) {
        for (const [tier, { sql, bindings }] of Object.entries(searchSql(name, 'jose', 50))) {
          const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN ${sql}`, bindings);
          const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          assert.match(plan, /Bitmap Index Scan on \w+_search_index/, `${name} ${tier}:\n${plan}`);
          if (tier === 'exact') assert.match(plan, /Bitmap Index Scan on \w+_words_index/, `${name} ${tier}:\n${plan}`);
        }
      }
    });
  });
});
