import assert from 'node:assert/strict';
import { STOCK_TEXTS } from '../src/seed/stock-texts.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

describe('stock texts and previous captions', () => {
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
  });
  after(async () => h.close());

  const textSlide = async (videoId: number, caption: string) =>
    h.deps.db('slides').insert({ video_id: videoId, position: Date.now() % 100000, is_text: true, slide_caption: caption, processing_state: 'ready' });

  describe('GET /r/stock_texts', () => {
    it('lists at least 40 texts in at least 6 categories, each with a category', async () => {
      const agent = await h.agent(user);
      const res = await agent.get('/r/stock_texts').expect(200);
      const texts = res.body.stock_texts as { id: number; text_title: string; author_name: string; text: string; categories: { id: number; name: string }[] }[];
      assert.equal(texts.length, STOCK_TEXTS.length);
      assert.ok(texts.length >= 40);
      const categories = new Set(texts.flatMap((t) => t.categories.map((c) => c.name)));
      assert.ok(categories.size >= 6, [...categories].join());
      assert.ok(texts.every((t) => t.categories.length > 0 && t.text && t.text_title && t.author_name));
      const psalm = texts.find((t) => t.text_title === 'The Lord Is My Shepherd');
      assert.match(psalm!.text, /^The Lord is my shepherd; I shall not want\./);
    });

    it('drops a text without a category and a disabled one', async () => {
      const [{ id }] = await h.deps.db('stock_texts').insert({ text_title: 'Lonely', text: 'No category' }).returning('id');
      await h.deps.db('stock_texts').where({ text_title: 'Welcome' }).update({ disabled: true });
      const res = await (await h.agent(user)).get('/r/stock_texts').expect(200);
      const titles = res.body.stock_texts.map((t: { text_title: string }) => t.text_title);
      assert.ok(!titles.includes('Lonely') && !titles.includes('Welcome'));
      await h.deps.db('stock_texts').where({ id }).del();
      await h.deps.db('stock_texts').where({ text_title: 'Welcome' }).update({ disabled: false });
    });

    it('asks a guest to sign in, and lets a family link that may add slides read it', async () => {
      await h.request().get('/r/stock_texts').expect(401);
      const video = await makeVideo(h.deps, { organization_id: user.organization_id, upload_link_access_level: 2 });
      await h.request().get(`/r/stock_texts?security_hash=${video.security_hash}`).expect(200);
      const off = await makeVideo(h.deps, { organization_id: user.organization_id, upload_link_access_level: 0 });
      await h.request().get(`/r/stock_texts?security_hash=${off.security_hash}`).expect(410);
      await h.request().get('/r/stock_texts?security_hash=nonsense').expect(404);
    });
  });

  describe('GET /r/slides/previous_captions', () => {
    it("lists the captions of the staff user's text slides, newest first and each once", async () => {
      const a = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id });
      const b = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id });
      await textSlide(a.id, 'Forever loved');
      await textSlide(b.id, 'Forever loved');
      await textSlide(b.id, '   ');
      await h.deps.db('slides').insert({ video_id: b.id, position: 99, is_text: true, slide_caption: 'Deleted words', processing_state: 'ready', deleted_at: new Date() });
      await textSlide(b.id, 'Rest in peace');
      const res = await (await h.agent(user)).get(`/r/slides/previous_captions?video_id=${a.id}`).expect(200);
      assert.deepEqual(res.body, ['Rest in peace', 'Forever loved']);
    });

    it("gives a family link only its own video's captions, and another organization nothing", async () => {
      const mine = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id, upload_link_access_level: 1 });
      const other = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id });
      await textSlide(mine.id, 'Family words');
      await textSlide(other.id, 'Staff words');
      const res = await h.request().get(`/r/slides/previous_captions?video_id=${mine.id}&security_hash=${mine.security_hash}`).expect(200);
      assert.deepEqual(res.body, ['Family words']);
      const stranger = await makeUser(h.deps);
      await (await h.agent(stranger)).get(`/r/slides/previous_captions?video_id=${mine.id}`).expect(404);
      await h.request().get(`/r/slides/previous_captions?video_id=${other.id}&security_hash=${mine.security_hash}`).expect(404);
    });
  });
});
