import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

type Staff = { id: number; email: string; organization_id: number | null };

/** Directives of a Content-Security-Policy header by name. */
const directives = (header: string | undefined): Map<string, string[]> =>
  new Map((header ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name, values]));

describe('embedding a video: toggle_embed, the player page, songs and the snapshot', () => {
  let h: Harness;
  let staff: Staff;
  let outsider: Staff;

  before(async () => {
    h = await startHarness();
    staff = await makeUser(h.deps, { name: 'Sam Staff' });
    outsider = await makeUser(h.deps);
  });
  after(async () => h.close());

  const video = (values: Partial<VideoRow> = {}) =>
    makeVideo(h.deps, { organization_id: staff.organization_id, user_id: staff.id, upload_link_access_level: 1, title: 'Ada <Lovelace>', ...values });

  /** A finished video whose HD and web renders are done, with their files on disk as the render leaves them. */
  async function finishedVideo(values: Partial<VideoRow> = {}): Promise<VideoRow> {
    const row = await video({ date_in_queue: new Date(), finished: true, ...values });
    const folder = `videos/${row.id}/renders/test`;
    for (const [key, data] of [
      [`${folder}/hd.mp4`, 'hd video'],
      [`${folder}/web.mp4`, 'web video'],
      [`${folder}/cover.jpg`, 'cover'],
      [`${folder}/snapshot.jpg`, 'snapshot bytes'],
    ]) {
      await h.deps.repos.storage.write(key, Buffer.from(data));
    }
    const done = { video_id: row.id, hash: 'h', status: 'done', progress: 100, finished_at: new Date() };
    const [hd] = await h.deps.db('renders').insert({ ...done, kind: 'hd', file_key: `${folder}/hd.mp4`, cover_key: `${folder}/cover.jpg`, snapshot_key: `${folder}/snapshot.jpg` }).returning('id');
    await h.deps.db('renders').insert({ ...done, kind: 'web', file_key: `${folder}/web.mp4`, source_render_id: hd.id });
    return row;
  }

  describe('POST /r/videos/{id}/toggle_embed', () => {
    it('saves hide_embed and embed_hide_buy and answers the settings', async () => {
      const row = await finishedVideo();
      const agent = await h.agent(staff);
      const first = await agent.post(`/r/videos/${row.id}/toggle_embed`).send({ hide_embed: true }).expect(200);
      assert.equal(first.body.hide_embed, true);
      assert.equal(first.body.embed_hide_buy, false);
      assert.equal((await h.deps.repos.videos.findById(row.id))?.hide_embed, true);
      const second = await agent.post(`/r/videos/${row.id}/toggle_embed`).send({ embed_hide_buy: true }).expect(200);
      assert.deepEqual([second.body.hide_embed, second.body.embed_hide_buy], [true, true]);
      await agent.post(`/r/videos/${row.id}/toggle_embed`).send({ hide_embed: false }).expect(200);
      const saved = await h.deps.repos.videos.findById(row.id);
      assert.deepEqual([saved?.hide_embed, saved?.embed_hide_buy], [false, true]);
      // The video's own reader sees the same values.
      const read = await agent.get(`/r/videos/${row.id}`).expect(200);
      assert.deepEqual([read.body.hide_embed, read.body.embed_hide_buy], [false, true]);
    });

    it('refuses a body without a flag or with a value that is not true or false', async () => {
      const row = await video();
      const agent = await h.agent(staff);
      const none = await agent.post(`/r/videos/${row.id}/toggle_embed`).send({}).expect(400);
      assert.deepEqual(none.body, { errors: ['Send hide_embed or embed_hide_buy, as true or false.'] });
      const wrong = await agent.post(`/r/videos/${row.id}/toggle_embed`).send({ hide_embed: 'yes' }).expect(400);
      assert.deepEqual(wrong.body, { errors: ['hide_embed must be true or false.'] });
      await agent.post(`/r/videos/${row.id}/toggle_embed`).send({ embed_hide_buy: 1 }).expect(400);
      assert.equal((await h.deps.repos.videos.findById(row.id))?.hide_embed, false, 'nothing saved');
    });

    it('answers another organization, a family link and an anonymous caller as if the video did not exist', async () => {
      const row = await video();
      const missing = (await (await h.agent(staff)).post('/r/videos/999999/toggle_embed').send({ hide_embed: true }).expect(404)).body;
      const other = await (await h.agent(outsider)).post(`/r/videos/${row.id}/toggle_embed`).send({ hide_embed: true }).expect(404);
      assert.deepEqual(other.body, missing);
      await h.request().post(`/r/videos/${row.id}/toggle_embed`).send({ hide_embed: true, security_hash: row.security_hash }).expect(404);
      await h.request().post(`/r/videos/${row.security_hash}/toggle_embed`).send({ hide_embed: true }).expect(404);
      await h.request().post(`/r/videos/${row.id}/toggle_embed`).send({ hide_embed: true }).expect(404);
      await h.request().get(`/r/videos/${row.id}/embed`).query({ security_hash: row.security_hash }).expect(404);
      await (await h.agent(outsider)).get(`/r/videos/${row.id}/embed`).expect(404);
      assert.equal((await h.deps.repos.videos.findById(row.id))?.hide_embed, false);
    });
  });

  describe('GET /r/videos/{id}/embed', () => {
    it('offers the fixed code only once the web video exists, and the link to the player', async () => {
      const agent = await h.agent(staff);
      const draft = await video();
      const before = (await agent.get(`/r/videos/${draft.id}/embed`).expect(200)).body;
      assert.equal(before.embed_codes.fixed, null, 'no web video yet: responsive is forced');
      assert.match(before.embed_codes.responsive, /<iframe src="http:\/\/127\.0\.0\.1:8080\/videos\/embedded_video\/[0-9a-f]+"/);
      assert.match(before.embed_codes.responsive, /title="Ada &lt;Lovelace>"/);
      const row = await finishedVideo();
      const after = (await agent.get(`/r/videos/${row.id}/embed`).expect(200)).body;
      assert.equal(after.player_url, `http://127.0.0.1:8080/videos/embedded_video/${row.video_code}`);
      assert.match(after.embed_codes.fixed, /width="854" height="520"/);
      assert.ok(after.share.email.includes(after.player_url) && after.share.text.includes(`\n${after.player_url}`));
      assert.equal(after.share.reply_to, staff.email);
      assert.equal(before.public, false, 'not finalized: no social links');
      assert.equal(after.public, true);
      assert.equal(after.public_title, 'The tribute video for Ada <Lovelace>');
      const hidden = await finishedVideo({ hide_embed: true });
      assert.equal((await agent.get(`/r/videos/${hidden.id}/embed`).expect(200)).body.public, false, 'a hidden video is not public');
    });

    it('offers the hide-buy option only with branding and while the owner shows buy links', async () => {
      const agent = await h.agent(staff);
      const row = await video();
      assert.equal((await agent.get(`/r/videos/${row.id}/embed`).expect(200)).body.buy_option, true);
      await h.deps.db('users').where({ id: staff.id }).update({ hide_buy_links: true });
      assert.equal((await agent.get(`/r/videos/${row.id}/embed`).expect(200)).body.buy_option, false);
      await h.deps.db('users').where({ id: staff.id }).update({ hide_buy_links: false });
      await h.deps.db('organizations').where({ id: staff.organization_id }).update({ show_branding: false });
      const unbranded = (await agent.get(`/r/videos/${row.id}/embed`).expect(200)).body;
      assert.deepEqual([unbranded.buy_option, unbranded.text_enabled], [false, false]);
      await h.deps.db('organizations').where({ id: staff.organization_id }).update({ show_branding: true });
    });
  });

  describe('GET /videos/embedded_video/{videoCode}', () => {
    it('plays the web video with the cover as poster, framable from any site', async () => {
      const row = await finishedVideo();
      const res = await h.request().get(`/videos/embedded_video/${row.video_code}`).expect(200);
      assert.match(res.headers['content-type'], /^text\/html/);
      assert.equal(res.headers['x-frame-options'], undefined);
      const csp = directives(res.headers['content-security-policy']);
      assert.deepEqual(csp.get('frame-ancestors'), ['*']);
      assert.deepEqual(csp.get('script-src'), ["'self'"], 'its one script is a file of this site, nothing inline');
      const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1] ?? '';
      assert.deepEqual(csp.get('style-src'), [`'sha256-${createHash('sha256').update(style).digest('base64')}'`], 'its one style element, by hash');
      assert.ok(res.text.includes(`<video controls playsinline preload="metadata" poster="/videos/embedded_video/${row.video_code}/poster.jpg" src="/downloads/video/${row.video_code}/web.mp4"`));
      assert.ok(res.text.includes('<h1>Ada &lt;Lovelace&gt;</h1>'), 'the title, escaped');
      assert.deepEqual(res.text.match(/<script[^>]*>/gi), ['<script src="/videos/embedded_player.js" defer>'], 'the view-count script only');
      assert.ok(res.text.includes(`data-view-url="/videos/embedded_video/${row.video_code}/view"`));
      assert.ok(res.text.includes(`href="http://127.0.0.1:8080/orders/hard_copies/${row.video_code}"`), 'branding on: the buy link');
      // What the page loads is there for an anonymous viewer.
      const poster = await h.request().get(`/videos/embedded_video/${row.video_code}/poster.jpg`).expect(200);
      assert.equal(poster.body.toString(), 'cover');
      await h.request().get(`/downloads/video/${row.video_code}/web.mp4`).expect(200);
      // The app's own pages still refuse other sites' frames.
      assert.equal((await h.request().get('/users/login').set('Accept', 'text/html')).headers['x-frame-options'], 'SAMEORIGIN');
    });

    it("counts each view by the site in its Referer, for the admin table's Top Referers", async () => {
      const row = await finishedVideo();
      const view = (referer?: string) => {
        const request = h.request().get(`/videos/embedded_video/${row.video_code}`);
        return (referer ? request.set('Referer', referer) : request).expect(200);
      };
      await view('https://www.cedar-funeral.example/obituaries/ada');
      await view('https://cedar-funeral.example/obituaries/ada?fbclid=1');
      await view('https://m.facebook.com/');
      await view();
      await view('http://127.0.0.1:8080/videos/1/details');
      const admin = await h.agent(await makeUser(h.deps, { role: 'super' }));
      const read = await admin.get(`/r/videos/${row.id}`).expect(200);
      assert.deepEqual(read.body.details.top_referers, [
        { referer: 'cedar-funeral.example', count: 2 },
        { referer: 'm.facebook.com', count: 1 },
      ]);
    });

    it('leaves the buy link off when the video hides it, the owner hides all, or without branding', async () => {
      const hidden = await finishedVideo({ embed_hide_buy: true });
      assert.ok(!(await h.request().get(`/videos/embedded_video/${hidden.video_code}`).expect(200)).text.includes('/orders/hard_copies/'));
      const owner = await makeUser(h.deps, { organizationId: staff.organization_id });
      await h.deps.db('users').where({ id: owner.id }).update({ hide_buy_links: true });
      const ownersVideo = await finishedVideo({ user_id: owner.id });
      assert.ok(!(await h.request().get(`/videos/embedded_video/${ownersVideo.video_code}`).expect(200)).text.includes('/orders/hard_copies/'));
      const plain = await makeOrganization(h.deps);
      await h.deps.db('organizations').where({ id: plain.id }).update({ show_branding: false });
      const unbranded = await finishedVideo({ organization_id: plain.id, user_id: null });
      const page = (await h.request().get(`/videos/embedded_video/${unbranded.video_code}`).expect(200)).text;
      assert.ok(page.includes('<video') && !page.includes('/orders/hard_copies/'));
    });

    it('says a hidden video is hidden and plays nothing', async () => {
      const row = await finishedVideo({ hide_embed: true });
      const res = await h.request().get(`/videos/embedded_video/${row.video_code}`).expect(200);
      assert.ok(res.text.includes('This video has been hidden by its owner and cannot be played here.'));
      assert.ok(!res.text.includes('<video') && !res.text.includes('web.mp4'));
      assert.equal(res.headers['x-frame-options'], undefined);
      await h.request().get(`/videos/embedded_video/${row.video_code}/poster.jpg`).expect(404);
    });

    it('says a video still being made is not ready', async () => {
      const row = await video({ date_in_queue: new Date() });
      const res = await h.request().get(`/videos/embedded_video/${row.video_code}`).expect(200);
      assert.ok(res.text.includes('This video is still being made.') && !res.text.includes('<video'));
    });

    it('answers an unknown or deleted video with a 404 page, framable too', async () => {
      for (const code of ['0123456789abcdef0123456789abcdef', 'not-a-code', (await finishedVideo({ deleted_at: new Date() })).video_code]) {
        const res = await h.request().get(`/videos/embedded_video/${code}`).expect(404);
        assert.match(res.headers['content-type'], /^text\/html/);
        assert.ok(res.text.includes('This video could not be found.'));
        assert.equal(res.headers['x-frame-options'], undefined);
      }
    });
  });

  describe('POST /videos/embedded_video/{videoCode}/view (the views count)', () => {
    const viewed = async (id: number) => (await h.deps.db('videos').where({ id }).first()).viewed as number;
    const play = (code: string, agent: string) => h.request().post(`/videos/embedded_video/${code}/view`).set('User-Agent', agent);

    it('counts a play once per viewer and day, and serves the script that reports it', async () => {
      const row = await finishedVideo();
      await play(row.video_code, 'Browser A').expect(204);
      assert.equal(await viewed(row.id), 1);
      await play(row.video_code, 'Browser A').expect(204);
      assert.equal(await viewed(row.id), 1, 'the same viewer again today: not counted');
      await play(row.video_code, 'Browser B').expect(204);
      assert.equal(await viewed(row.id), 2, 'another viewer counts');
      // Yesterday's viewers may come back today; rows older than that are cleared as views come in.
      await h.deps.db('video_views').where({ video_id: row.id }).update({ day: h.deps.db.raw(`(now() AT TIME ZONE 'UTC')::date - 1`) });
      await h.deps.db('video_views').insert({ video_id: row.id, day: h.deps.db.raw(`(now() AT TIME ZONE 'UTC')::date - 5`), viewer: 'old' });
      await play(row.video_code, 'Browser A').expect(204);
      assert.equal(await viewed(row.id), 3, 'a new day counts again');
      assert.equal((await h.deps.db('video_views').where({ video_id: row.id, viewer: 'old' })).length, 0);
      const stored = await h.deps.db('video_views').where({ video_id: row.id }).pluck('viewer');
      assert.ok(stored.every((v: string) => !v.includes('Browser') && !v.includes('127.0.0.1')), 'no address or browser is stored as such');

      const read = await (await h.agent(staff)).get(`/r/videos/${row.id}`).expect(200);
      assert.equal(read.body.viewed, 3, "the card's count moves");

      const script = await h.request().get('/videos/embedded_player.js').expect(200);
      assert.match(script.headers['content-type'], /javascript/);
      assert.ok(script.text.includes("addEventListener('play'") && script.text.includes('data-view-url'));
    });

    it('counts nothing for a video the public cannot play, or from another site', async () => {
      for (const row of [await finishedVideo({ hide_embed: true }), await video({ date_in_queue: null }), await finishedVideo({ deleted_at: new Date() })]) {
        await play(row.video_code, 'Browser A').expect(404);
        assert.equal(await viewed(row.id), 0);
      }
      await play('not-a-code', 'Browser A').expect(404);
      const row = await finishedVideo();
      await play(row.video_code, 'Browser A').set('Sec-Fetch-Site', 'cross-site').expect(403);
      assert.equal(await viewed(row.id), 0);
    });
  });

  describe('GET /r/videos/{id}/songs', () => {
    it('lists the songs in order with their previews', async () => {
      const row = await video();
      await h.deps.db('songs').insert([
        { video_id: row.id, position: 1, title: 'Second', artist: 'B', song_length: 61.4, preview_path: 'x/b.mp3' },
        { video_id: row.id, position: 0, title: 'First', artist: 'A', song_length: 125, preview_path: 'x/a.mp3' },
        { video_id: row.id, position: 2, title: 'Deleted', artist: 'C', song_length: 10, deleted_at: new Date() },
      ]);
      const { body } = await (await h.agent(staff)).get(`/r/videos/${row.id}/songs`).expect(200);
      assert.deepEqual(
        body.map((s: { artist: string; title: string; length: number }) => [s.artist, s.title, s.length]),
        [
          ['A', 'First', 125],
          ['B', 'Second', 61.4],
        ],
      );
      assert.deepEqual(Object.keys(body[0]).sort(), ['artist', 'id', 'length', 'preview_url', 'title']);
      assert.match(body[0].preview_url, new RegExp(`^/r/songs/${body[0].id}/preview\\.mp3\\?v=`));
    });

    it('is staff only: other organizations, family links and anonymous callers get 404', async () => {
      const row = await video();
      await (await h.agent(outsider)).get(`/r/videos/${row.id}/songs`).expect(404);
      await h.request().get(`/r/videos/${row.id}/songs`).query({ security_hash: row.security_hash }).expect(404);
      await h.request().get(`/r/videos/${row.security_hash}/songs`).expect(404);
      await h.request().get(`/r/videos/${row.id}/songs`).expect(404);
    });
  });

  describe('GET /downloads/snapshot/{id}', () => {
    it("sends the HD render's snapshot to staff, and nothing to others or before the render", async () => {
      const row = await finishedVideo();
      const res = await (await h.agent(staff)).get(`/downloads/snapshot/${row.id}`).expect(200);
      assert.equal(res.headers['content-type'], 'image/jpeg');
      assert.match(res.headers['content-disposition'], /^attachment; filename="Ada Lovelace snapshot\.jpg"/);
      assert.equal(res.body.toString(), 'snapshot bytes');
      await (await h.agent(outsider)).get(`/downloads/snapshot/${row.id}`).expect(404);
      await h.request().get(`/downloads/snapshot/${row.id}`).query({ security_hash: row.security_hash }).expect(404);
      const draft = await video();
      const missing = await (await h.agent(staff)).get(`/downloads/snapshot/${draft.id}`).expect(404);
      assert.deepEqual(missing.body, { errors: ['Not found'] });
    });
  });
});
