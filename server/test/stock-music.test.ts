import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { arrange } from '../src/music/arrangement.ts';
import { CATEGORIES, LIBRARY, sharedProgressions, TEST_LIBRARY } from '../src/music/catalogue.ts';
import { compose } from '../src/music/compose.ts';
import { PPQ } from '../src/music/rhythm.ts';
import { mod12, pitchClassOf } from '../src/music/theory.ts';
import { audioRepository } from '../src/repositories/audio.repository.ts';
import { loudnessRepository } from '../src/repositories/loudness.repository.ts';
import { seedStockMusic } from '../src/seed/stock-music.ts';
import { defaultRenderer, stockSongLibraryFor } from '../src/services/stock-song-library.service.ts';
import { LOUDNESS_TOLERANCE, TRUE_PEAK_CEILING } from '../src/services/stock-song-render.service.ts';
import { startHarness, type Harness } from './harness.ts';

describe('stock music catalogue', () => {
  it('holds at least 24 pieces in at least 5 categories, each with its own title and key', () => {
    assert.ok(LIBRARY.length >= 24);
    assert.ok(CATEGORIES.length >= 5);
    for (const category of CATEGORIES) assert.ok(LIBRARY.some((s) => s.categories.includes(category)), category);
    assert.equal(new Set(LIBRARY.map((s) => s.title)).size, LIBRARY.length);
    assert.equal(new Set(LIBRARY.map((s) => `${s.tonic} ${s.mode} ${s.tempo} ${s.meter}`)).size, LIBRARY.length);
  });

  it('gives no two pieces the same chord progression', () => {
    assert.deepEqual(sharedProgressions([...LIBRARY, ...TEST_LIBRARY]), []);
  });

  it('composes every piece with three or more voices sounding together, 1 to 4 minutes long', () => {
    for (const spec of LIBRARY) {
      const { facts } = compose(spec);
      assert.ok(facts.voices >= 3, `${spec.id} has ${facts.voices} voices`);
      assert.ok(facts.maxPolyphony >= 3, `${spec.id} never sounds three notes together`);
      assert.ok(facts.seconds >= 60 && facts.seconds <= 240, `${spec.id} lasts ${facts.seconds} s`);
    }
  });

  it('ends every piece on a held tonic chord over the tonic, after slowing down', () => {
    for (const spec of [...LIBRARY, ...TEST_LIBRARY]) {
      const arrangement = arrange(spec);
      const notes = arrangement.parts.flatMap((p) => p.notes);
      // What sounds one beat before the very end: the held chord, whatever each part's release.
      const moment = Math.max(...notes.map((n) => n.tick + n.dur)) - PPQ;
      const last = notes.filter((n) => n.tick <= moment && n.tick + n.dur > moment);
      const tonic = pitchClassOf(spec.tonic);
      const triad = [tonic, mod12(tonic + (spec.mode === 'major' ? 4 : 3)), mod12(tonic + 7)];
      assert.ok(last.length >= 3, `${spec.id} ends with ${last.length} notes`);
      assert.ok(last.every((n) => triad.includes(mod12(n.pitch))), `${spec.id} does not end on its tonic chord`);
      assert.equal(mod12(Math.min(...last.map((n) => n.pitch))), tonic, `${spec.id} ends over another bass note`);
      const tempos = arrangement.tempos.map((t) => t.bpm);
      assert.ok(tempos[tempos.length - 1] < spec.tempo * 0.7, `${spec.id} has no ritardando`);
    }
  });

  it('composes the same notes every time', () => {
    const spec = LIBRARY[3];
    assert.deepEqual(compose(spec).midi, compose(spec).midi);
  });
});

describe('stock music test seed', function () {
  // Rendering is cached per composition version: only a first run on a machine synthesizes (a few seconds a piece).
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness();
    await seedStockMusic(h.deps.db, h.config, 'test');
  });
  after(async () => h.close());

  const songs = () => h.deps.db('stock_songs').orderBy('id');

  it('renders every test piece to -16 LUFS (within 1 LU) with true peaks at or under -1 dBTP', async () => {
    const rows = await songs();
    assert.equal(rows.length, TEST_LIBRARY.length);
    const loudness = loudnessRepository();
    for (const row of rows) {
      for (const key of [row.file_path, row.preview_path]) {
        const reading = await loudness.read(h.deps.repos.storage.resolve(key));
        assert.ok(Math.abs(reading.integrated + 16) <= LOUDNESS_TOLERANCE, `${key}: ${reading.integrated} LUFS`);
        assert.ok(reading.truePeak <= TRUE_PEAK_CEILING, `${key}: ${reading.truePeak} dBTP`);
        // The meter's pass gives the decoded length too (the song's length comes from it, not a pass of its own).
        assert.equal(reading.seconds, await audioRepository().decodedSeconds(h.deps.repos.storage.resolve(key)), key);
      }
      const seconds = (await loudness.read(h.deps.repos.storage.resolve(row.file_path))).seconds;
      assert.ok(seconds > 0 && Math.abs(Number(row.song_length) - seconds) < 0.002, `${row.song_length} s listed, ${seconds} s decoded`);
    }
  });

  it('keeps each test piece short and sounds at least three notes together in each', async () => {
    for (const row of await songs()) {
      assert.ok(row.song_length >= 18 && row.song_length <= 32, `${row.song_name} lasts ${row.song_length} s`);
      const spec = TEST_LIBRARY.find((s) => s.id === row.composition_key)!;
      assert.ok(compose(spec).facts.maxPolyphony >= 3);
    }
  });

  it('files the pieces under their categories', async () => {
    const names = (await h.deps.db('stock_song_categories').select('name')).map((c) => c.name).sort();
    assert.deepEqual(names, [...new Set(TEST_LIBRARY.flatMap((s) => s.categories))].sort());
    assert.equal((await h.deps.db('stock_song_category_links')).length, TEST_LIBRARY.flatMap((s) => s.categories).length);
  });

  it('renders nothing again while the compositions are unchanged', async () => {
    const library = stockSongLibraryFor(h.deps.db, h.deps.repos.storage);
    assert.equal(await library.renderPending(), 0);
    for (const spec of TEST_LIBRARY) assert.ok(existsSync((await defaultRenderer().render(spec)).audioFile));
  });

  it('makes at once the files of a piece a page asks for before its turn', async () => {
    const [row] = await songs();
    await h.deps.db('stock_songs').where({ id: row.id }).update({ file_path: null, preview_path: null, composition_version: null });
    await h.deps.library.urgentSong(row.id);
    const again = await h.deps.db('stock_songs').where({ id: row.id }).first();
    assert.ok(again.file_path && again.preview_path && again.composition_version);
  });

  it('keeps an administrator’s title when the seed runs again', async () => {
    const [row] = await songs();
    await h.deps.db('stock_songs').where({ id: row.id }).update({ song_name: 'Renamed by an admin' });
    await seedStockMusic(h.deps.db, h.config, 'test');
    assert.equal((await songs()).length, TEST_LIBRARY.length);
    assert.equal((await h.deps.db('stock_songs').where({ id: row.id }).first()).song_name, 'Renamed by an admin');
  });
});
