import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { TEST_LIBRARY } from '../src/music/catalogue.ts';
import { libraryPreparation } from '../src/services/library-preparation.service.ts';
import type { ShowcaseClip } from '../src/services/render-showcase.service.ts';
import { stockSongLibraryFor } from '../src/services/stock-song-library.service.ts';
import type { ThemeDesign } from '../src/themes/types.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { insertTestTheme } from './render-helpers.ts';

/**
 * The library a new installation prepares in the background (issue 10): songs first, then theme pictures, then
 * theme previews, then look clips; nothing made twice; pages say how many are still being prepared; a piece asked
 * for before its turn is made at once; and every video song takes its stock song's measured length.
 */
describe('library preparation on a new installation', function () {
  this.timeout(240_000);
  let h: Harness;
  let themeId: number;
  let design: ThemeDesign;

  before(async () => {
    h = await startHarness();
    themeId = await insertTestTheme(h.deps);
    design = (await h.deps.db('themes').where({ id: themeId }).first()).design as ThemeDesign;
    await h.deps.db('look_modifiers').insert([{ type: 'effect', id: 4, label: 'Pan', direction: 'left', position: 1 }]);
    // Rows only, as a first start has them: the audio is made by the preparation.
    await stockSongLibraryFor(h.deps.db, h.deps.repos.storage).seed(TEST_LIBRARY);
  });

  after(() => h?.close());

  const stockRows = () => h.deps.db('stock_songs').orderBy('id').select('id', 'song_length', 'preview_path');

  /** The real library and engine, each piece's start and end written down as it runs. */
  function recorded(gate: Promise<void> = Promise.resolve()) {
    const events: string[] = [];
    const track = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
      events.push(`start ${key}`);
      await gate;
      try {
        return await work();
      } finally {
        events.push(`end ${key}`);
      }
    };
    const songs = stockSongLibraryFor(h.deps.db, h.deps.repos.storage);
    const themeAssets = h.deps.themeAssets;
    const showcase = h.deps.render.showcase;
    const wrap = (clip: ShowcaseClip): ShowcaseClip => ({ ...clip, make: () => track(clip.key, () => clip.make()) });
    let ready = 0;
    const library = libraryPreparation({
      db: h.deps.db,
      songs: { ...songs, make: (song) => track(`song-${song.row.id}`, () => songs.make(song)) },
      themeAssets: { ...themeAssets, ensure: (d, parts) => track(`pictures-${d.id}-${parts?.join('+')}`, () => themeAssets.ensure(d, parts)) },
      designs: () => [design],
      showcase: {
        themeClips: async () => (await showcase.themeClips()).filter((c) => c.key === `theme-${themeId}`).map(wrap),
        lookClips: async () => (await showcase.lookClips()).map(wrap),
        ensureTheme: (id) => showcase.ensureTheme(id),
      },
      whenReady: async () => {
        ready++;
      },
      log: () => undefined,
    });
    return { library, events, readyCount: () => ready };
  }

  it('says how many songs and themes are still being prepared, and lists only songs that can be played', async () => {
    // A super user sees the test theme (it is a debug theme).
    const user = await makeUser(h.deps, { role: 'super' });
    const agent = await h.agent(user);
    const stock = (await agent.get('/r/songs/stock_list').expect(200)).body;
    assert.equal(stock.preparing, TEST_LIBRARY.length);
    assert.deepEqual(stock.stock_songs, []);
    const themes = (await agent.get('/r/themes').expect(200)).body;
    assert.ok(themes.preparing >= 1, 'the test theme has no preview yet');
  });

  it('makes a video’s song at once when its music page asks, and brings the video’s song rows to the true length', async () => {
    const user = await makeUser(h.deps);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id });
    const [first] = await stockRows();
    assert.equal(Number(first.song_length), 0);
    // As the demo tribute was seeded: a song row made before its stock audio existed.
    await h.deps.db('songs').insert({ video_id: video.id, stock_song_id: first.id, song_orig_name: 'x', title: 'x', artist: 'y', song_length: 0, position: 1 });
    const agent = await h.agent(user);
    const list = (await agent.get(`/r/songs/song_list/${video.id}`).expect(200)).body;
    assert.equal(list.songs[0].song_length, 0);
    const deadline = Date.now() + 60_000;
    let song = list.songs[0];
    while (!(song.song_length > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      song = (await agent.get(`/r/songs/song_list/${video.id}`).expect(200)).body.songs[0];
    }
    const made = await h.deps.db('stock_songs').where({ id: first.id }).first();
    assert.ok(Number(made.song_length) > 5, `${made.song_length} s`);
    assert.equal(song.song_length, Number(made.song_length));
    const stock = (await agent.get('/r/songs/stock_list').expect(200)).body;
    assert.equal(stock.preparing, TEST_LIBRARY.length - 1);
    assert.deepEqual(stock.stock_songs.map((s: { id: number }) => s.id), [first.id]);
  });

  it('makes the rest in order, songs, picker pictures, previews, closing pictures, look clips, each once, then says it is ready', async () => {
    const { library, events, readyCount } = recorded();
    // Two starts and an urgent request at once share the same work.
    const rows = await stockRows();
    await Promise.all([library.start(), library.start(), library.urgentSong(rows[1].id)]);
    const starts = events.filter((e) => e.startsWith('start ')).map((e) => e.slice(6));
    assert.equal(new Set(starts).size, starts.length, `made twice: ${starts.join(', ')}`);
    const pending = rows.filter((r) => !r.preview_path).map((r) => `song-${r.id}`);
    // The theme's pictures are drawn only when this machine's cache lacks them; everything else is made here.
    const stage = ['song', 'pictures-opening', 'theme', 'pictures-closing', 'look'];
    const stages = starts.map((k) => stage.indexOf(k.startsWith('pictures-') ? `pictures-${k.split('-').at(-1)}` : k.split('-')[0]));
    assert.deepEqual(stages, [...stages].sort(), starts.join(', '));
    assert.deepEqual(starts.filter((k) => k.startsWith('song-')), pending, starts.join(', '));
    assert.ok(starts.includes(`theme-${themeId}`) && starts.includes('look-effect-4'), starts.join(', '));
    // No preview starts before the theme's pictures are done (it renders from them).
    if (starts.includes(`pictures-${themeId}-opening`)) assert.ok(events.indexOf(`end pictures-${themeId}-opening`) < events.indexOf(`start theme-${themeId}`));
    assert.equal(readyCount(), 1);
    assert.equal(await library.songsPreparing(), 0);
    assert.equal(await library.themesPreparing([themeId]), 0);
    for (const row of await stockRows()) assert.ok(Number(row.song_length) > 0);
  });

  it('lets the demo videos render before it makes the slide editor’s stock clips', async () => {
    let readyAtClip: number | undefined;
    let ready = 0;
    // A stand-in clip: it only records when its turn came (the real clips are ffmpeg minutes of their own).
    const clip: ShowcaseClip = { key: 'stock-clip-probe', ready: async () => false, make: async () => ((readyAtClip = ready), true) };
    const library = libraryPreparation({
      db: h.deps.db,
      songs: stockSongLibraryFor(h.deps.db, h.deps.repos.storage),
      themeAssets: h.deps.themeAssets,
      designs: () => [design],
      showcase: { themeClips: async () => [], lookClips: async () => [], ensureTheme: async () => undefined },
      stockClips: { pieces: async () => [clip] },
      whenReady: async () => {
        ready++;
      },
      log: () => undefined,
    });
    await library.start();
    assert.equal(readyAtClip, 1, 'the demo renders were queued before the stock clips were made');
  });

  it('finds nothing to do the next time and says it is ready at once', async () => {
    const { library, events, readyCount } = recorded();
    await library.start();
    assert.deepEqual(events, []);
    assert.equal(readyCount(), 1);
  });

  it('makes a theme preview a picker asks for before its turn, and answers 404 for a theme that does not exist', async () => {
    await h.deps.repos.storage.removeTree(`themes/${themeId}/preview.mp4`);
    await h.deps.repos.storage.removeTree(`themes/${themeId}/preview.hash`);
    const started = Date.now();
    const reply = await h.request().get(`/r/themes/${themeId}/preview.mp4`).expect(200);
    assert.equal(reply.headers['content-type'], 'video/mp4');
    assert.ok(Date.now() - started < 30_000);
    await h.request().get('/r/themes/987654/preview.mp4').expect(404);
  });

  it('answers at once whether a theme is ready while its pictures are being drawn (the picker never waits for a drawing)', async () => {
    // A design no cache on this machine holds: its pictures are drawn now, a few seconds of work.
    const fresh: ThemeDesign = { ...design, id: design.id + 500, art: { ...design.art, family: 'bokeh', seed: Date.now() % 100_000 } };
    const drawing = h.deps.themeAssets.ensure(fresh);
    const asked = Date.now();
    assert.equal(await h.deps.themeAssets.placed(fresh), false);
    assert.ok(Date.now() - asked < 300, `placed() waited ${Date.now() - asked} ms`);
    await drawing;
    assert.equal(await h.deps.themeAssets.placed(fresh), true);
  });

  it('makes a theme’s preview from its picker pictures alone: the closing scene and disc artwork are drawn after it', async () => {
    // A design no cache on this machine holds, so nothing is copied from a cache: every picture is drawn here.
    const id = themeId + 700;
    const fresh: ThemeDesign = { ...design, id, art: { ...design.art, family: 'bokeh', seed: 1000 + (Date.now() % 100_000) } };
    await h.deps.db('themes').insert({ id, theme_title: 'Fresh', debug: true, intro_length: 1.5, outro_length: 1.5, design: JSON.stringify(fresh) });
    await h.deps.render.showcase.ensureTheme(id);
    const stored = (name: string): boolean => existsSync(h.deps.repos.storage.resolve(`themes/${id}/${name}`));
    assert.ok(stored('preview.mp4'));
    for (const name of ['intro.jpg', 'poster.jpg', 'icon.jpg', 'background.jpg']) assert.ok(stored(name), name);
    for (const name of ['outro.jpg', 'dvd.jpg']) assert.equal(stored(name), false, `${name} was drawn before the preview`);
    // The picker's pictures are served without drawing the closing part first.
    await h.request().get(`/r/themes/${id}/icon.jpg`).expect(200).expect('Content-Type', 'image/jpeg');
    for (const name of ['outro.jpg', 'dvd.jpg']) assert.equal(stored(name), false, `${name} was drawn to serve the icon`);
    assert.equal(await h.deps.themeAssets.placed(fresh, 'closing'), false);
    // A full render (or a label) asks for every part: the closing part is drawn then, and the opening one not again.
    const opening = readFileSync(h.deps.repos.storage.resolve(`themes/${id}/intro.jpg`));
    await h.deps.themeAssets.ensure(fresh);
    for (const name of ['outro.jpg', 'dvd.jpg']) assert.ok(stored(name), name);
    assert.ok(opening.equals(readFileSync(h.deps.repos.storage.resolve(`themes/${id}/intro.jpg`))));
    assert.equal(await h.deps.themeAssets.placed(fresh, 'closing'), true);
  });

  it('stops after the pieces in hand when the server stops, without saying it is ready', async () => {
    let open = () => {};
    const { library, events, readyCount } = recorded(new Promise<void>((resolve) => (open = resolve)));
    await h.deps.db('stock_songs').update({ file_path: null, preview_path: null, composition_version: null });
    const run = library.start();
    while (!events.length) await new Promise((r) => setTimeout(r, 10));
    const stopped = library.stop();
    open();
    await Promise.all([run, stopped]);
    // Two lanes: at most the two pieces in hand were made, of the three songs waiting.
    assert.ok(events.filter((e) => e.startsWith('start ')).length <= 2, events.join(', '));
    assert.equal(readyCount(), 0);
    assert.equal(await library.running(), false);
    await library.start();
    assert.equal(readyCount(), 0, 'a stopped preparation starts no more');
  });

  it('holds the watchdog’s start of never-rendered videos (the demo’s) while a preparation run holds the lock', async () => {
    // The run is held at its first piece until the watchdog has looked.
    let open = () => {};
    const { library } = recorded(new Promise<void>((resolve) => (open = resolve)));
    const user = await makeUser(h.deps);
    const video = await makeVideo(h.deps, { organization_id: user.organization_id, user_id: user.id, date_in_queue: new Date(Date.now() - 5 * 60_000) });
    const sent: unknown[] = [];
    h.deps.render.useSender(async (name, data) => {
      sent.push({ name, data });
      return null;
    });
    await h.deps.db('stock_songs').update({ file_path: null, preview_path: null, composition_version: null });
    const run = library.start();
    const deadline = Date.now() + 5000;
    while (!(await library.running()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(await library.running(), true);
    await h.deps.render.pruner.prune();
    assert.deepEqual(sent, []);
    open();
    await run;
    assert.equal(await library.running(), false);
    await h.deps.render.pruner.prune();
    assert.deepEqual(sent, [{ name: 'render.video', data: { videoId: video.id } }]);
  });
});
