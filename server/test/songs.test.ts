import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_ENOUGH_MUSIC } from '../../common/timing.ts';
import { PLAIN_THEME } from '../src/services/render-theme.service.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { seedStockMusic } from '../src/seed/stock-music.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addTextSlide, insertTestTheme } from './render-helpers.ts';

type User = Awaited<ReturnType<typeof makeUser>>;

const NOT_FOUND = { errors: ['Not found'] };
/** A video without a theme renders the plain theme's intro and outro. */
const PLAIN_FRAME = PLAIN_THEME.introLength + PLAIN_THEME.outroLength;

describe('music manager calls', function () {
  this.timeout(60_000);
  let h: Harness;
  let staff: User;
  let stranger: User;
  let stock: { id: number; song_length: number }[];
  let video: VideoRow;
  let notified: { videoId: number; owner: string | null }[];

  before(async () => {
    h = await startHarness();
    await seedStockMusic(h.deps.db, h.config, 'test');
    staff = await makeUser(h.deps);
    stranger = await makeUser(h.deps);
    stock = await h.deps.db('stock_songs').orderBy('id').select('id', 'song_length');
    h.deps.live = {
      notify: async (videoId: number, owner: string | null) => {
        notified.push({ videoId, owner });
      },
      close: async () => {},
    };
  });
  after(async () => h.close());

  beforeEach(async () => {
    notified = [];
    video = await makeVideo(h.deps, { organization_id: staff.organization_id });
    for (let i = 0; i < 3; i++) await h.deps.db('slides').insert({ video_id: video.id, position: i, processing_state: 'ready' });
  });

  const songsOf = async (videoId = video.id) => h.deps.db('songs').where({ video_id: videoId }).whereNull('deleted_at').orderBy('position');
  const attach = async (ids: number[]) => (await h.agent(staff)).post('/r/songs/attach_stock').send({ video_id: video.id, stock_song_id: ids }).expect(200);
  const linkVideo = (values: Partial<VideoRow>) => makeVideo(h.deps, { organization_id: staff.organization_id, upload_link_access_level: 1, ...values });

  describe('GET /r/songs/stock_list', () => {
    it('lists the ready songs with their categories and hides premium and disabled ones', async () => {
      await h.deps.db('stock_songs').where({ id: stock[0].id }).update({ premium: true });
      await h.deps.db('stock_songs').where({ id: stock[1].id }).update({ disabled: true });
      try {
        const res = await (await h.agent(staff)).get('/r/songs/stock_list').expect(200);
        const ids = res.body.stock_songs.map((s: { id: number }) => s.id);
        assert.deepEqual(ids.sort(), stock.slice(2).map((s) => s.id).sort());
        assert.ok(res.body.stock_categories.length >= 2);
        assert.ok(res.body.song_categories.every((l: { stock_song_id: number }) => ids.includes(l.stock_song_id)));
        const song = res.body.stock_songs[0];
        assert.deepEqual(Object.keys(song).sort(), ['artist_name', 'favorite', 'id', 'preview_url', 'song_length', 'song_name']);
      } finally {
        await h.deps.db('stock_songs').update({ premium: false, disabled: false });
      }
    });

    it('marks favorites for the signed-in user only', async () => {
      const agent = await h.agent(staff);
      await agent.post('/r/songs/favorite_song').send({ stock_song_id: stock[2].id }).expect(200, { favorite: true });
      const mine = (await agent.get('/r/songs/stock_list').expect(200)).body.stock_songs;
      assert.equal(mine.find((s: { id: number }) => s.id === stock[2].id).favorite, true);
      const theirs = (await (await h.agent(stranger)).get('/r/songs/stock_list').expect(200)).body.stock_songs;
      assert.ok(theirs.every((s: { favorite: boolean }) => !s.favorite));
      await agent.post('/r/songs/unfavorite_song').send({ stock_song_id: stock[2].id }).expect(200, { favorite: false });
    });

    it('answers a family holding a live upload link, and nobody else', async () => {
      const family = await linkVideo({});
      const res = await h.request().get(`/r/songs/stock_list?security_hash=${family.security_hash}`).expect(200);
      assert.ok(res.body.stock_songs.length > 0);
      assert.ok(res.body.stock_songs[0].preview_url.includes(`security_hash=${family.security_hash}`));
      await h.request().get('/r/songs/stock_list').expect(404);
      const closed = await makeVideo(h.deps, { organization_id: staff.organization_id });
      await h.request().get(`/r/songs/stock_list?security_hash=${closed.security_hash}`).expect(410);
    });

    it('streams a preview with byte ranges', async () => {
      const agent = await h.agent(staff);
      const { body } = await agent.get('/r/songs/stock_list').expect(200);
      const full = await agent.get(body.stock_songs[0].preview_url).buffer(true).expect(200);
      assert.equal(full.headers['content-type'], 'audio/mpeg');
      const part = await agent.get(body.stock_songs[0].preview_url).set('Range', 'bytes=0-99').buffer(true).expect(206);
      assert.equal(part.headers['content-length'], '100');
    });
  });

  describe('POST /r/songs/favorite_song', () => {
    it('is for signed-in users only and only for songs on offer', async () => {
      await h.request().post('/r/songs/favorite_song').send({ stock_song_id: stock[0].id }).expect(401);
      await h.deps.db('stock_songs').where({ id: stock[0].id }).update({ premium: true });
      await (await h.agent(staff)).post('/r/songs/favorite_song').send({ stock_song_id: stock[0].id }).expect(404);
      await h.deps.db('stock_songs').where({ id: stock[0].id }).update({ premium: false });
    });
  });

  describe('GET /r/songs/song_list/{videoId}', () => {
    it('lists the songs with the timing and the video settings', async () => {
      await attach([stock[0].id, stock[1].id]);
      const res = await (await h.agent(staff)).get(`/r/songs/song_list/${video.id}`).expect(200);
      assert.deepEqual(res.body.songs.map((s: { stock_song_id: number }) => s.stock_song_id), [stock[0].id, stock[1].id]);
      assert.equal(res.body.automatic, true);
      assert.equal(res.body.repeat_music, false);
      assert.equal(res.body.has_uploaded_songs, false);
      assert.equal(res.body.upload_enabled, true);
      const music = stock[0].song_length + stock[1].song_length;
      assert.ok(Math.abs(res.body.timing.music - music) < 0.01);
      assert.ok(Math.abs(res.body.timing.slide - (music - PLAIN_FRAME) / 3) < 0.01);
      assert.ok(Math.abs(res.body.timing.video - music) < 0.01);
    });

    it('is read-only for a family whose link only allows uploading photos', async () => {
      for (const [level, readOnly] of [[1, false], [2, true]] as const) {
        const family = await linkVideo({ upload_link_access_level: level });
        const { body } = await h.request().get(`/r/songs/song_list/${family.id}`).query({ security_hash: family.security_hash }).expect(200);
        assert.equal(body.read_only, readOnly, `level ${level}`);
      }
    });

    describe('shows the length the render plans', () => {
      /** A video the render input takes whole: text slides (ready, no file to wait for) and a stock song. */
      const renderable = async (values: Partial<VideoRow> = {}) => {
        const v = await makeVideo(h.deps, { organization_id: staff.organization_id, ...values });
        for (const caption of ['One', 'Two', 'Three']) await addTextSlide(h.deps, v, caption);
        await (await h.agent(staff)).post('/r/songs/attach_stock').send({ video_id: v.id, stock_song_id: [stock[0].id] }).expect(200);
        return v;
      };
      const compare = async (v: VideoRow) => {
        const agent = await h.agent(staff);
        for (const settings of [{ automatic: false, slide_time: 4 }, { automatic: true }]) {
          await agent.post('/r/songs/update_timing').send({ video_id: v.id, ...settings }).expect(200);
          const { body } = await agent.get(`/r/songs/song_list/${v.id}`).expect(200);
          const row = (await h.deps.db('videos').where({ id: v.id }).first()) as VideoRow;
          const loaded = await h.deps.render.inputs.load(row);
          assert.equal(loaded.pending, null);
          assert.equal(loaded.input.slides.length, 3);
          assert.ok(Math.abs(body.timing.video - loaded.plannedSeconds) < 0.01, `${JSON.stringify(settings)}: page ${body.timing.video} s, render ${loaded.plannedSeconds} s`);
          assert.ok(Math.abs(body.timing.slide - loaded.input.slides[0].time) < 0.01, `${JSON.stringify(settings)}: page ${body.timing.slide} s a slide, render ${loaded.input.slides[0].time} s`);
        }
        return agent;
      };

      it('for a video without a theme (theme 0): the plain theme intro and outro', async () => {
        const v = await renderable({ theme_id: 0 });
        const agent = await compare(v);
        await agent.post('/r/songs/update_timing').send({ video_id: v.id, automatic: false, slide_time: 4 }).expect(200);
        const { body } = await agent.get(`/r/songs/song_list/${v.id}`).expect(200);
        assert.equal(body.timing.video, 3 * 4 + PLAIN_FRAME);
      });

      it('for a custom theme with its intro turned off: no intro, the outro of its base theme', async () => {
        const themeId = await insertTestTheme(h.deps, { introLength: 6, outroLength: 3 });
        const [custom] = await h.deps.db('custom_themes').insert({ theme_id: themeId, organization_id: staff.organization_id, title: 'No intro', design: { intro_enabled: false } }).returning('*');
        const v = await renderable({ theme_id: themeId, custom_theme_id: custom.id });
        const agent = await compare(v);
        await agent.post('/r/songs/update_timing').send({ video_id: v.id, automatic: false, slide_time: 4 }).expect(200);
        const { body } = await agent.get(`/r/songs/song_list/${v.id}`).expect(200);
        assert.equal(body.timing.video, 3 * 4 + 3);
      });
    });

    it("answers another organization's user exactly as a missing video", async () => {
      const res = await (await h.agent(stranger)).get(`/r/songs/song_list/${video.id}`).expect(404);
      assert.deepEqual(res.body, NOT_FOUND);
      assert.deepEqual((await (await h.agent(staff)).get('/r/songs/song_list/999999').expect(404)).body, NOT_FOUND);
    });
  });

  describe('POST /r/songs/attach_stock', () => {
    it('appends the chosen songs in order, answers them with the timing and tells other editors', async () => {
      await attach([stock[2].id]);
      const res = await (await h.agent(staff)).post('/r/songs/attach_stock').set('X-Live-Socket', 'sock-1').send({ video_id: video.id, stock_song_id: [stock[1].id, stock[0].id] }).expect(200);
      assert.deepEqual(res.body.songs.map((s: { stock_song_id: number }) => s.stock_song_id), [stock[1].id, stock[0].id]);
      assert.deepEqual((await songsOf()).map((s) => s.stock_song_id), [stock[2].id, stock[1].id, stock[0].id]);
      assert.ok(res.body.timing.music > 0);
      assert.deepEqual(notified[notified.length - 1], { videoId: video.id, owner: 'sock-1' });
    });

    it('refuses hidden stock songs', async () => {
      await h.deps.db('stock_songs').where({ id: stock[3].id }).update({ disabled: true });
      await (await h.agent(staff)).post('/r/songs/attach_stock').send({ video_id: video.id, stock_song_id: [stock[3].id] }).expect(404);
      await h.deps.db('stock_songs').where({ id: stock[3].id }).update({ disabled: false });
    });

    it('refuses another organization, a finalized video and an upload-only family link', async () => {
      await (await h.agent(stranger)).post('/r/songs/attach_stock').send({ video_id: video.id, stock_song_id: [stock[0].id] }).expect(404, NOT_FOUND);
      const finished = await makeVideo(h.deps, { organization_id: staff.organization_id, date_in_queue: new Date() });
      await (await h.agent(staff)).post('/r/songs/attach_stock').send({ video_id: finished.id, stock_song_id: [stock[0].id] }).expect(409);
      const uploadOnly = await linkVideo({ upload_link_access_level: 2 });
      await h.request().post('/r/songs/attach_stock').send({ video_id: uploadOnly.id, security_hash: uploadOnly.security_hash, stock_song_id: [stock[0].id] }).expect(404);
      assert.equal((await songsOf(uploadOnly.id)).length, 0);
    });

    it('lets a family with full access choose music', async () => {
      const family = await linkVideo({});
      const res = await h.request().post('/r/songs/attach_stock').send({ video_id: family.id, security_hash: family.security_hash, stock_song_id: [stock[0].id] }).expect(200);
      assert.ok(res.body.songs[0].preview_url.includes(`security_hash=${family.security_hash}`));
      await h.request().get(res.body.songs[0].preview_url).buffer(true).expect(200);
    });
  });

  describe('POST /r/songs/save_options', () => {
    it('saves trims, crossfade and volume, and the music length follows', async () => {
      await attach([stock[0].id, stock[1].id]);
      const [first, second] = await songsOf();
      const agent = await h.agent(staff);
      const res = await agent.post('/r/songs/save_options').send({ video_id: video.id, song_id: second.id, trim_start: 2, trim_end: '00:01.50', crossfade: true, volume: 80 }).expect(200);
      const expected = first.song_length + second.song_length - 2 - 1.5 - 4;
      assert.ok(Math.abs(res.body.timing.music - expected) < 0.01, `${res.body.timing.music} is not ${expected}`);
      const saved = (await songsOf())[1];
      assert.deepEqual([saved.trim_start, saved.trim_end, saved.crossfade, saved.volume], [2, 1.5, true, 80]);
    });

    it('answers bad times with the spec texts', async () => {
      await attach([stock[0].id]);
      const [song] = await songsOf();
      const agent = await h.agent(staff);
      const negative = await agent.post('/r/songs/save_options').send({ video_id: video.id, song_id: song.id, trim_start: -1 }).expect(400);
      assert.deepEqual(negative.body.errors, ['Time should be positive']);
      const garbled = await agent.post('/r/songs/save_options').send({ video_id: video.id, song_id: song.id, trim_end: '1m5s' }).expect(400);
      assert.deepEqual(garbled.body.errors, ['Time should be of form MM:SS.00']);
      await agent.post('/r/songs/save_options').send({ video_id: video.id, song_id: song.id, volume: 201 }).expect(400);
      await agent.post('/r/songs/save_options').send({ video_id: video.id, song_id: song.id, trim_start: song.song_length }).expect(400);
    });

    it("refuses a song of another video and another organization's user", async () => {
      const other = await makeVideo(h.deps, { organization_id: staff.organization_id });
      await attach([stock[0].id]);
      const [song] = await songsOf();
      await (await h.agent(staff)).post('/r/songs/save_options').send({ video_id: other.id, song_id: song.id, volume: 50 }).expect(404);
      await (await h.agent(stranger)).post('/r/songs/save_options').send({ video_id: video.id, song_id: song.id, volume: 50 }).expect(404, NOT_FOUND);
    });
  });

  describe('POST /r/songs/update_timing', () => {
    it('uses the seconds per slide when automatic timing is off, and warns when the music runs out', async () => {
      await attach([stock[0].id]);
      const agent = await h.agent(staff);
      const res = await agent.post('/r/songs/update_timing').send({ video_id: video.id, automatic: false, slide_time: 30, repeat_music: false }).expect(200);
      assert.equal(res.body.timing.slide, 30);
      assert.equal(res.body.timing.video, 90 + PLAIN_FRAME);
      assert.deepEqual(res.body.timing.warnings, [NOT_ENOUGH_MUSIC, 'Very slow slides']);
      const repeated = await agent.post('/r/songs/update_timing').send({ video_id: video.id, repeat_music: true }).expect(200);
      assert.deepEqual(repeated.body.timing.warnings, ['Very slow slides']);
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.deepEqual([row.automatic_timing, row.slide_time, row.repeat_music], [false, 30, true]);
    });

    it('refuses a slide time that is not a number above 0', async () => {
      const res = await (await h.agent(staff)).post('/r/songs/update_timing').send({ video_id: video.id, slide_time: 0 }).expect(400);
      assert.deepEqual(res.body.errors, ['Invalid input. Enter the number of seconds per slide.']);
    });

    it('refuses a finalized video', async () => {
      const finished = await makeVideo(h.deps, { organization_id: staff.organization_id, date_in_queue: new Date() });
      await (await h.agent(staff)).post('/r/songs/update_timing').send({ video_id: finished.id, slide_time: 5 }).expect(409);
    });

    it("answers another organization's user exactly as a missing video, and changes nothing", async () => {
      const change = { automatic: false, slide_time: 3, repeat_music: true };
      const theirs = await (await h.agent(stranger)).post('/r/songs/update_timing').send({ video_id: video.id, ...change }).expect(404);
      const missing = await (await h.agent(staff)).post('/r/songs/update_timing').send({ video_id: 999999, ...change }).expect(404);
      assert.deepEqual(theirs.body, NOT_FOUND);
      assert.deepEqual(theirs.body, missing.body);
      await h.request().post('/r/songs/update_timing').send({ video_id: video.id, ...change }).expect(404, NOT_FOUND);
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.deepEqual([row.automatic_timing, row.repeat_music], [video.automatic_timing, video.repeat_music]);
    });

    it('refuses an upload-only family link and lets a full-access one change the timing', async () => {
      const uploadOnly = await linkVideo({ upload_link_access_level: 2 });
      const res = await h.request().post('/r/songs/update_timing').send({ video_id: uploadOnly.id, security_hash: uploadOnly.security_hash, automatic: false, slide_time: 3 }).expect(404);
      assert.deepEqual(res.body, NOT_FOUND);
      assert.equal((await h.deps.db('videos').where({ id: uploadOnly.id }).first()).automatic_timing, uploadOnly.automatic_timing);
      const full = await linkVideo({});
      await h.request().post('/r/songs/update_timing').send({ video_id: full.id, security_hash: full.security_hash, automatic: false, slide_time: 3 }).expect(200);
      // A full-access hash opens its own video only.
      await h.request().post('/r/songs/update_timing').send({ video_id: uploadOnly.id, security_hash: full.security_hash, automatic: false, slide_time: 3 }).expect(404, NOT_FOUND);
    });
  });

  describe('POST /r/songs/reorder', () => {
    it('saves the order, where a crossfade on the new first song no longer counts', async () => {
      await attach([stock[0].id, stock[1].id]);
      const [first, second] = await songsOf();
      const agent = await h.agent(staff);
      await agent.post('/r/songs/save_options').send({ video_id: video.id, song_id: second.id, crossfade: true }).expect(200);
      const res = await agent.post('/r/songs/reorder').send({ video_id: video.id, song_id: [second.id, first.id] }).expect(200);
      assert.deepEqual((await songsOf()).map((s) => s.id), [second.id, first.id]);
      assert.ok(Math.abs(res.body.timing.music - (first.song_length + second.song_length)) < 0.01);
      await (await h.agent(stranger)).post('/r/songs/reorder').send({ video_id: video.id, song_id: [first.id, second.id] }).expect(404);
    });
  });

  describe('POST /r/songs/delete/{songId}', () => {
    it('soft-deletes the song and answers the new timing', async () => {
      await attach([stock[0].id, stock[1].id]);
      const [first] = await songsOf();
      await (await h.agent(stranger)).post(`/r/songs/delete/${first.id}`).send({ video_id: video.id }).expect(404, NOT_FOUND);
      const res = await (await h.agent(staff)).post(`/r/songs/delete/${first.id}`).send({ video_id: video.id }).expect(200);
      assert.ok(Math.abs(res.body.timing.music - stock[1].song_length) < 0.01);
      assert.ok((await h.deps.db('songs').where({ id: first.id }).first()).deleted_at);
      assert.equal((await songsOf()).length, 1);
    });
  });

  describe('GET /r/songs/{songId}/preview.mp3', () => {
    it('plays for the video\'s editors only: a stranger, a signed-out caller and another video\'s link hear Not found', async () => {
      await attach([stock[0].id]);
      const [song] = await songsOf();
      const url = `/r/songs/${song.id}/preview.mp3`;
      await (await h.agent(staff)).get(url).buffer(true).expect(200);
      const res = await (await h.agent(stranger)).get(url).expect(404);
      assert.deepEqual(res.body, NOT_FOUND);
      assert.deepEqual((await (await h.agent(stranger)).get('/r/songs/999999/preview.mp3').expect(404)).body, NOT_FOUND);
      await h.request().get(url).expect(404, NOT_FOUND);
      const other = await linkVideo({});
      await h.request().get(`${url}?security_hash=${other.security_hash}`).expect(404, NOT_FOUND);
      await (await h.agent(stranger)).get(`/r/songs/${song.id}/original`).expect(404, NOT_FOUND);
    });
  });

  describe('GET /r/songs/stock/{id}/preview.mp3', () => {
    it('hides premium and disabled songs from everyone but super users', async () => {
      const boss = await makeUser(h.deps, { role: 'super' });
      const admin = await makeUser(h.deps, { organizationId: staff.organization_id, role: 'org_admin' });
      const family = await linkVideo({});
      const url = (id: number) => `/r/songs/stock/${id}/preview.mp3`;
      await (await h.agent(staff)).get(url(stock[0].id)).buffer(true).expect(200);
      for (const hidden of [{ premium: true }, { disabled: true }]) {
        await h.deps.db('stock_songs').where({ id: stock[0].id }).update(hidden);
        try {
          for (const user of [staff, admin]) await (await h.agent(user)).get(url(stock[0].id)).expect(404, NOT_FOUND);
          await h.request().get(`${url(stock[0].id)}?security_hash=${family.security_hash}`).expect(404, NOT_FOUND);
          await (await h.agent(boss)).get(url(stock[0].id)).buffer(true).expect(200);
        } finally {
          await h.deps.db('stock_songs').where({ id: stock[0].id }).update({ premium: false, disabled: false });
        }
      }
      await h.request().get(url(stock[0].id)).expect(404);
    });
  });

  describe('the stock library administration', () => {
    it('refuses users who are not super users (Not found) and signed-out callers (401), and changes nothing', async () => {
      const admin = await makeUser(h.deps, { organizationId: staff.organization_id, role: 'org_admin' });
      const boss = await makeUser(h.deps, { role: 'super' });
      const [category] = await h.deps.db('stock_song_categories').orderBy('id');
      const before = { songs: await h.deps.db('stock_songs').orderBy('id'), categories: await h.deps.db('stock_song_categories').orderBy('id') };
      const calls = (agent: Awaited<ReturnType<Harness['agent']>>) => [
        agent.get('/r/settings/stock_songs'),
        agent.post('/r/settings/stock_songs').field('song_name', 'Sneaked in').attach('file', Buffer.from('not really a song'), 'sneaky.mp3'),
        agent.patch(`/r/settings/stock_songs/${stock[0].id}`).send({ song_name: 'Renamed', premium: true, disabled: true }),
        agent.post('/r/settings/stock_song_categories').send({ name: 'Sneaky' }),
        agent.patch(`/r/settings/stock_song_categories/${category.id}`).send({ name: 'Renamed' }),
      ];
      for (const user of [staff, admin]) {
        for (const call of calls(await h.agent(user))) assert.deepEqual((await call.expect(404)).body, NOT_FOUND);
      }
      for (const call of calls(await h.agent())) await call.expect(401);
      assert.deepEqual(await h.deps.db('stock_songs').orderBy('id'), before.songs);
      assert.deepEqual(await h.deps.db('stock_song_categories').orderBy('id'), before.categories);
      const list = await (await h.agent(boss)).get('/r/settings/stock_songs').expect(200);
      assert.equal(list.body.stock_songs.length, stock.length);
    });
  });

  describe('POST /r/songs/unfavorite_song', () => {
    it('is for signed-in users only', async () => {
      await h.request().post('/r/songs/unfavorite_song').send({ stock_song_id: stock[0].id }).expect(401);
      await (await h.agent(staff)).post('/r/songs/unfavorite_song').send({ stock_song_id: stock[0].id }).expect(200, { favorite: false });
    });
  });

  describe('POST /songs/upload/{videoId}', () => {
    let dir: string;
    const file = (name: string) => path.join(dir, name);

    before(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-songs-'));
      for (const name of ['tone.mp3', 'tone.m4a', 'tone.wav']) {
        execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3.5', '-ac', '2', file(name)]);
      }
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.2', '-ac', '1', '-ar', '8000', file('tiny.wav')]);
      writeFileSync(file('notes.mp3'), 'These are my notes for the service, not a song.\n'.repeat(50));
      writeFileSync(file('long.wav'), Buffer.alloc(6 * 1024 * 1024, 1));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    for (const name of ['tone.mp3', 'tone.m4a', 'tone.wav']) {
      it(`accepts ${name.slice(5).toUpperCase()} and measures its length`, async () => {
        const res = await (await h.agent(staff)).post(`/songs/upload/${video.id}`).attach('file', file(name)).expect(200);
        assert.ok(Math.abs(res.body.song_length - 3.5) <= 0.05, `${name}: ${res.body.song_length} s`);
        assert.equal(res.body.filename, name);
        assert.ok(res.body.timing.music > 3.4);
        const preview = await (await h.agent(staff)).get(res.body.preview_url).buffer(true).expect(200);
        assert.equal(preview.headers['content-type'], 'audio/mpeg');
        const row = await h.deps.db('songs').where({ id: res.body.song_id }).first();
        assert.ok(row.file_path.startsWith(`videos/${video.id}/songs/${row.id}/original.`));
        assert.equal(notified.length, 1);
      });
    }

    it('refuses a text file named .mp3 with a clear message', async () => {
      const res = await (await h.agent(staff)).post(`/songs/upload/${video.id}`).attach('file', file('notes.mp3')).expect(415);
      assert.deepEqual(res.body.errors, ['This file is not an audio file we can read.']);
      assert.equal((await songsOf()).length, 0);
    });

    it('marks the video as having uploaded music and keeps the original for download', async () => {
      const agent = await h.agent(staff);
      const { body } = await agent.post(`/songs/upload/${video.id}`).attach('file', file('tone.wav')).expect(200);
      const list = await agent.get(`/r/songs/song_list/${video.id}`).expect(200);
      assert.equal(list.body.has_uploaded_songs, true);
      const original = await agent.get(`/r/songs/${body.song_id}/original`).buffer(true).expect(200);
      assert.equal(original.headers['content-type'], 'audio/wav');
      await (await h.agent(stranger)).get(`/r/songs/${body.song_id}/original`).expect(404);
    });

    it('lets a family upload music only when the video and the organization allow it', async () => {
      const upload = (v: VideoRow, name = 'tiny.wav') => h.request().post(`/songs/upload/${v.id}?security_hash=${v.security_hash}`).attach('file', file(name));
      await upload(await linkVideo({ upload_link_allow_music_upload: false })).expect(403);
      await upload(await linkVideo({ upload_link_allow_music_upload: true, upload_link_access_level: 2 })).expect(404);
      await h.deps.db('organizations').where({ id: staff.organization_id }).update({ music_upload_available: false });
      await upload(await linkVideo({ upload_link_allow_music_upload: true })).expect(403);
      await h.deps.db('organizations').where({ id: staff.organization_id }).update({ music_upload_available: true });
      const allowed = await linkVideo({ upload_link_allow_music_upload: true });
      const res = await upload(allowed, 'tone.mp3').expect(200);
      assert.ok(res.body.preview_url.includes(`security_hash=${allowed.security_hash}`));
      const list = await h.request().get(`/r/songs/song_list/${allowed.id}?security_hash=${allowed.security_hash}`).expect(200);
      assert.equal(list.body.upload_enabled, true);
    });

    it('answers a refused upload with its reason even when the file is still being sent', async () => {
      // The refusal comes before the body is read; without reading the rest, the client would see a broken pipe.
      const refused = await linkVideo({ upload_link_allow_music_upload: false });
      for (let i = 0; i < 3; i++) {
        const res = await h.request().post(`/songs/upload/${refused.id}?security_hash=${refused.security_hash}`).attach('file', file('long.wav')).expect(403);
        assert.equal(res.body.errors.length, 1);
      }
    });

    it('refuses another organization and a finalized video', async () => {
      await (await h.agent(stranger)).post(`/songs/upload/${video.id}`).attach('file', file('tiny.wav')).expect(404, NOT_FOUND);
      const finished = await makeVideo(h.deps, { organization_id: staff.organization_id, date_in_queue: new Date() });
      await (await h.agent(staff)).post(`/songs/upload/${finished.id}`).attach('file', file('tiny.wav')).expect(409);
    });
  });
});
