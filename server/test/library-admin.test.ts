import assert from 'node:assert/strict';
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent.js';
import { seedThemes } from '../src/seed/themes.ts';
import { THEMES } from '../src/themes/catalogue.ts';
import { clip } from './fixtures/media.ts';
import { makeOrganization, makeUser, makeVideo, ORIGIN, startHarness, type Harness } from './harness.ts';

/**
 * The super drawer's library pages (/settings/stock_texts, /settings/stock_videos, /settings/themes): only super
 * users reach their calls, every field is checked, and what they change is what the slide editor's stock dialogs
 * and the creator's theme picker read.
 */
describe('library administration (stock texts, stock videos, themes)', function () {
  this.timeout(180_000);
  let h: Harness;
  let admin: TestAgent;
  let staff: TestAgent;
  let staffUser: { id: number; email: string; organization_id: number | null };

  before(async () => {
    h = await startHarness();
    await seedThemes(h.deps.db, h.config);
    const orgId = (await makeOrganization(h.deps)).id;
    admin = await h.agent(await makeUser(h.deps, { organizationId: orgId, role: 'super' }));
    staffUser = await makeUser(h.deps, { organizationId: orgId, role: 'org_admin' });
    staff = await h.agent(staffUser);
  });
  after(async () => h?.close());

  const send = (agent: TestAgent, method: 'post' | 'patch' | 'delete', url: string) => agent[method](url).set('Origin', ORIGIN);
  const fieldsOf = (res: { body: { fields?: Record<string, string> } }) => Object.keys(res.body.fields ?? {}).sort();

  it('answers 404, as for a missing page, to every call from a user who is not super (and asks a guest to log in)', async () => {
    const text = await h.deps.db('stock_texts').first('id');
    const video = await h.deps.db('stock_videos').first('id');
    const calls: ['get' | 'post' | 'patch' | 'delete', string][] = [];
    const category = await h.deps.db('stock_text_categories').first('id');
    for (const [name, id] of [['stock_texts', text.id], ['stock_text_categories', category.id], ['stock_videos', video.id], ['themes', 2]] as const) {
      calls.push(['get', `/r/settings/${name}`], ['post', `/r/settings/${name}`], ['get', `/r/settings/${name}/${id}`], ['patch', `/r/settings/${name}/${id}`], ['delete', `/r/settings/${name}/${id}`]);
    }
    calls.push(['get', '/r/settings/themes/2/preview.jpg']);
    for (const [client, status, errors] of [[staff, 404, ['Not found']], [h.request(), 401, ['Please log in.']]] as const) {
      for (const [method, url] of calls) {
        const res = await (method === 'get' ? client.get(url) : client[method](url).set('Origin', ORIGIN).send({ text_title: 'x' }));
        assert.equal(res.status, status, `${method} ${url}`);
        assert.deepEqual(res.body, { errors }, `${method} ${url}`);
      }
    }
    assert.equal(await h.deps.db('stock_texts').where({ text_title: 'x' }).first(), undefined);
  });

  describe('stock texts', () => {
    let categories: { id: number; name: string }[];
    before(async () => {
      categories = (await admin.get('/r/settings/stock_text_categories').query({ per_page: 100 }).expect(200)).body.stock_text_categories;
    });
    const dialogTexts = async () => (await staff.get('/r/stock_texts').expect(200)).body.stock_texts as { id: number; text_title: string; text: string; categories: { id: number }[] }[];

    it('says what is wrong with each field', async () => {
      const empty = await send(admin, 'post', '/r/settings/stock_texts').send({}).expect(400);
      assert.deepEqual(fieldsOf(empty), ['category_ids', 'text', 'text_title']);
      assert.equal(empty.body.fields.text_title, 'Please enter the title.');
      const wrong = await send(admin, 'post', '/r/settings/stock_texts')
        .send({ text_title: 'T'.repeat(251), author_name: 'A'.repeat(251), text: 'x'.repeat(5001), category_ids: [987654], disabled: 'maybe' })
        .expect(400);
      assert.deepEqual(fieldsOf(wrong), ['author_name', 'category_ids', 'disabled', 'text', 'text_title']);
      assert.equal(wrong.body.fields.text, 'The text must be at most 5000 characters.');
      assert.equal(wrong.body.fields.category_ids, 'Please choose valid categories.');
      const none = await send(admin, 'post', '/r/settings/stock_texts').send({ text_title: 'T', text: 'x', category_ids: [] }).expect(400);
      assert.deepEqual(none.body.fields, { category_ids: 'Please choose the categories.' });
    });

    it('creates, edits, hides and deletes texts the slide editor’s dialog lists', async () => {
      const created = await send(admin, 'post', '/r/settings/stock_texts')
        .send({ text_title: 'Evening Hymn', author_name: '', text: 'Now the day is over.', category_ids: [categories[0].id, categories[1].id] })
        .expect(201);
      const id = created.body.stock_text.id as number;
      assert.deepEqual(created.body.stock_text.category_ids, [categories[0].id, categories[1].id].sort((a, b) => a - b));
      assert.equal(created.body.stock_text.author_name, '');
      let shown = (await dialogTexts()).find((t) => t.id === id);
      assert.equal(shown?.text, 'Now the day is over.');

      await send(admin, 'patch', `/r/settings/stock_texts/${id}`).send({ text: 'Night is drawing nigh.', category_ids: [categories[2].id] }).expect(200);
      shown = (await dialogTexts()).find((t) => t.id === id);
      assert.equal(shown?.text, 'Night is drawing nigh.');
      assert.deepEqual(shown?.categories.map((c) => c.id), [categories[2].id]);
      const found = await admin.get('/r/settings/stock_texts').query({ q: 'drawing nigh' }).expect(200);
      assert.deepEqual(found.body.stock_texts.map((t: { id: number }) => t.id), [id]);

      await send(admin, 'patch', `/r/settings/stock_texts/${id}`).send({ disabled: true }).expect(200);
      assert.equal((await dialogTexts()).some((t) => t.id === id), false, 'a hidden text is not offered');
      await send(admin, 'delete', `/r/settings/stock_texts/${id}`).expect(200);
      await admin.get(`/r/settings/stock_texts/${id}`).expect(404);
      assert.equal(await h.deps.db('stock_text_category_links').where({ stock_text_id: id }).first(), undefined);
    });

    it('adds, renames and deletes the categories the dialog lists texts under, never stranding a text without one', async () => {
      const blank = await send(admin, 'post', '/r/settings/stock_text_categories').send({ name: ' ' }).expect(400);
      assert.equal(blank.body.fields.name, 'Please enter the name.');
      const taken = await send(admin, 'post', '/r/settings/stock_text_categories').send({ name: categories[0].name.toUpperCase() }).expect(400);
      assert.equal(taken.body.fields.name, 'A category with this name already exists.');

      const created = await send(admin, 'post', '/r/settings/stock_text_categories').send({ name: 'Lullabies' }).expect(201);
      const id = created.body.stock_text_category.id as number;
      const text = await send(admin, 'post', '/r/settings/stock_texts').send({ text_title: 'Cradle Song', text: 'Sleep, my child.', category_ids: [id] }).expect(201);
      const textId = text.body.stock_text.id as number;
      await send(admin, 'patch', `/r/settings/stock_text_categories/${id}`).send({ name: 'Cradle Songs' }).expect(200);
      const listed = (await dialogTexts()).find((t) => t.id === textId) as unknown as { categories: { id: number; name: string }[] };
      assert.deepEqual(listed.categories, [{ id, name: 'Cradle Songs' }], 'the dialog lists the text under the new name');
      const row = (await admin.get('/r/settings/stock_text_categories').query({ q: 'cradle' }).expect(200)).body.stock_text_categories;
      assert.deepEqual(row.map((c: { name: string; texts: number }) => [c.name, c.texts]), [['Cradle Songs', 1]]);

      // Its only text would vanish from the dialog: refused until the text is filed elsewhere too.
      const refused = await send(admin, 'delete', `/r/settings/stock_text_categories/${id}`).expect(409);
      assert.match(refused.body.errors[0], /One stock text is filed under "Cradle Songs" alone/);
      await send(admin, 'patch', `/r/settings/stock_texts/${textId}`).send({ category_ids: [id, categories[0].id] }).expect(200);
      await send(admin, 'delete', `/r/settings/stock_text_categories/${id}`).expect(200);
      const after = (await dialogTexts()).find((t) => t.id === textId);
      assert.deepEqual(after?.categories.map((c) => c.id), [categories[0].id], 'the text stays under its other category');
      await send(admin, 'delete', `/r/settings/stock_texts/${textId}`).expect(200);
    });
  });

  describe('stock videos', () => {
    it('says what is wrong with each field and with a file that is not a clip', async () => {
      const empty = await send(admin, 'post', '/r/settings/stock_videos').field('tags', 'sky').expect(400);
      assert.deepEqual(fieldsOf(empty), ['file', 'video_title']);
      const notVideo = await send(admin, 'post', '/r/settings/stock_videos')
        .field('video_title', 'Fake')
        .attach('file', Buffer.from('not a video at all'), { filename: 'fake.mp4', contentType: 'video/mp4' })
        .expect(400);
      assert.deepEqual(notVideo.body.fields, { file: 'This file is not a video we can read. Please choose an MP4 or MOV clip.' });
      const photo = await send(admin, 'post', '/r/settings/stock_videos')
        .field('video_title', 'Photo')
        .attach('file', Buffer.from('x'), { filename: 'a.jpg', contentType: 'image/jpeg' })
        .expect(400);
      assert.deepEqual(photo.body.fields, { file: 'The video must be an MP4 or MOV video.' });
      assert.equal(await h.deps.db('stock_videos').whereIn('video_title', ['Fake', 'Photo']).first(), undefined, 'no row is left behind');
    });

    it('uploads a clip the slide editor’s dialog offers and adds, edits it, hides and deletes it', async () => {
      const created = await send(admin, 'post', '/r/settings/stock_videos')
        .field('video_title', 'Harbour Lights')
        .field('tags', 'water night lights')
        .attach('file', await clip('mp4', 2), { filename: 'harbour.mp4', contentType: 'video/mp4' })
        .expect(201);
      const row = created.body.stock_video;
      assert.equal(row.source, 'upload');
      assert.ok(row.duration > 1.5 && row.duration < 2.5, String(row.duration));
      const thumb = await h.request().get(row.thumb_url).expect(200);
      assert.deepEqual(await sharp(thumb.body).metadata().then((m) => [m.format, m.width, m.height]), ['jpeg', 534, 300]);

      const video = await makeVideo(h.deps, { organization_id: staffUser.organization_id, user_id: staffUser.id });
      const dialog = async () => (await staff.get(`/r/videos/${video.id}/stock_videos`).expect(200)).body.videos as { id: number; video_title: string }[];
      assert.equal((await dialog()).find((v) => v.id === row.id)?.video_title, 'Harbour Lights');
      const added = await send(staff, 'post', `/r/videos/${video.id}/add_stock_video_clips`).send({ selected_videos: [row.id] }).expect(200);
      assert.equal(added.body.data[0].is_video, true);

      await send(admin, 'patch', `/r/settings/stock_videos/${row.id}`).send({ video_title: 'Harbour at Night', tags: '' }).expect(200);
      assert.equal((await dialog()).find((v) => v.id === row.id)?.video_title, 'Harbour at Night');
      const title = await send(admin, 'patch', `/r/settings/stock_videos/${row.id}`).send({ video_title: '' }).expect(400);
      assert.deepEqual(title.body.fields, { video_title: 'Please enter the title.' });
      await send(admin, 'patch', `/r/settings/stock_videos/${row.id}`).send({ disabled: true }).expect(200);
      assert.equal((await dialog()).some((v) => v.id === row.id), false, 'a hidden clip is not offered');

      await send(admin, 'delete', `/r/settings/stock_videos/${row.id}`).expect(200);
      await h.request().get(row.thumb_url).expect(404);
      assert.equal(await h.deps.repos.storage.read(`stock_videos/${row.id}/clip.mp4`), null);
      assert.equal((await dialog()).some((v) => v.id === row.id), false);
    });
  });

  describe('themes', () => {
    const pickerList = async (agent: TestAgent) => (await agent.get('/r/themes').expect(200)).body as { themes: { id: number; theme_title: string; debug: boolean; thumbnail_url: string }[]; popular: number[] };

    it('says what is wrong with each field', async () => {
      const wrong = await send(admin, 'patch', '/r/settings/themes/2')
        .send({ theme_title: '', visibility: 'secret', position: 0, art_family: 'crayon', art_seed: -1 })
        .expect(400);
      assert.deepEqual(fieldsOf(wrong), ['art_family', 'art_seed', 'position', 'theme_title', 'visibility']);
      const palette = await send(admin, 'patch', '/r/settings/themes/2').send({ palette: '#fff, red' }).expect(400);
      assert.deepEqual(palette.body.fields, { palette: 'Please enter five colours like #f7f3ee, separated by commas.' });
      const base = await send(admin, 'patch', '/r/settings/themes/1').send({ visibility: 'hidden' }).expect(400);
      assert.deepEqual(base.body.fields, { visibility: 'Custom themes are built on the Custom Theme Base, so it stays released.' });
      const create = await send(admin, 'post', '/r/settings/themes').send({ theme_title: 'New' }).expect(400);
      assert.deepEqual(create.body.fields, { base_theme_id: 'Please choose the theme to start from.' });
    });

    it('hides, unreleases and orders themes in the picker’s list, and keeps an edit over the catalogue', async () => {
      await send(admin, 'patch', '/r/settings/themes/3').send({ visibility: 'hidden' }).expect(200);
      await send(admin, 'patch', '/r/settings/themes/4').send({ visibility: 'unreleased' }).expect(200);
      await send(admin, 'patch', '/r/settings/themes/9').send({ position: 1, theme_title: 'Parchment', art_seed: 42 }).expect(200);
      const before = THEMES.find((t) => t.id === 9)!;
      const asStaff = await pickerList(staff);
      assert.equal(asStaff.themes.some((t) => t.id === 3), false, 'hidden');
      assert.equal(asStaff.themes.some((t) => t.id === 4), false, 'unreleased: super users only');
      assert.equal(asStaff.themes[0].id, 9, 'first in the house order');
      assert.equal(asStaff.themes[0].theme_title, 'Parchment');
      assert.equal(asStaff.popular[0], 9, 'no video uses a theme yet: Most Popular follows the house order');
      const asSuper = await pickerList(admin);
      assert.equal(asSuper.themes.find((t) => t.id === 4)?.debug, true);

      // A restart lays the catalogue over the table again; the themes page's changes stay.
      await seedThemes(h.deps.db, h.config);
      const again = await pickerList(staff);
      assert.equal(again.themes[0].theme_title, 'Parchment');
      const design = (await h.deps.db('themes').where({ id: 9 }).first()).design;
      assert.equal(design.art.seed, 42);
      assert.deepEqual(design.fonts, JSON.parse(JSON.stringify(before.fonts)), 'the catalogue’s other choices stay');
      assert.notEqual(again.themes[0].thumbnail_url, `/r/themes/9/icon.jpg?v=${h.deps.themeAssets.version(before)}`, 'a new picture address');
    });

    it('creates a theme from another, refuses to delete a catalogue theme or one in use, and deletes its own', async () => {
      const created = await send(admin, 'post', '/r/settings/themes')
        .send({ theme_title: 'Harvest', base_theme_id: 5, art_family: 'watercolour', palette: '#f7f3ee, #ece4f0, #b8a5c9, #8f7bab, #5d4e75', tags: 'autumn, warm' })
        .expect(201);
      const theme = created.body.theme;
      assert.ok(theme.id >= 1000);
      assert.deepEqual([theme.art_family, theme.visibility, theme.catalogue], ['watercolour', 'released', false]);
      assert.ok((await pickerList(staff)).themes.some((t) => t.id === theme.id && t.theme_title === 'Harvest'));

      const refused = await send(admin, 'delete', '/r/settings/themes/5').expect(409);
      assert.equal(refused.body.errors[0], 'This theme comes with Tribute, so it cannot be deleted. Set it to Hidden instead.');
      const used = await makeVideo(h.deps, { organization_id: staffUser.organization_id, theme_id: theme.id });
      const inUse = await send(admin, 'delete', `/r/settings/themes/${theme.id}`).expect(409);
      assert.equal(inUse.body.errors[0], '1 video uses this theme, so it cannot be deleted. Set it to Hidden instead.');
      await h.deps.db('videos').where({ id: used.id }).update({ theme_id: 2 });
      await send(admin, 'delete', `/r/settings/themes/${theme.id}`).expect(200);
      assert.equal((await pickerList(staff)).themes.some((t) => t.id === theme.id), false);
    });

    it('shows the engine’s preview of a theme as saved', async function () {
      this.timeout(600_000);
      const res = await admin.get('/r/settings/themes/9/preview.jpg').expect(200);
      const meta = await sharp(res.body).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1280, 720]);
      await admin.get('/r/settings/themes/9/preview.jpg').set('If-None-Match', res.headers.etag).expect(304);
      await send(admin, 'patch', '/r/settings/themes/9').send({ palette: '#101010, #202020, #303030, #404040, #505050' }).expect(200);
      const after = await admin.get('/r/settings/themes/9/preview.jpg').expect(200);
      assert.notEqual(after.headers.etag, res.headers.etag, 'a new palette, a new frame');
    });
  });
});
