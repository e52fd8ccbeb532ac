import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderShowcaseService } from '../src/services/render-showcase.service.ts';
import { startHarness, type Harness } from './harness.ts';
import { insertTestTheme } from './render-helpers.ts';

describe('theme and look previews', function () {
  this.timeout(180_000);
  let h: Harness;
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-showcase-cache-'));

  before(async () => {
    h = await startHarness();
    await insertTestTheme(h.deps);
    await h.deps.db('look_modifiers').insert([
      { type: 'transition', id: 10, label: 'Circle Open', position: 1 },
      { type: 'effect', id: 4, label: 'Pan', direction: 'left', position: 1 },
      { type: 'border', id: 6, label: 'Photo Frame', position: 1 },
    ]);
  });

  after(async () => {
    await h?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const showcase = () => {
    const r = h.deps.render;
    return renderShowcaseService({ db: h.deps.db, files: r.files, records: r.records, art: r.art, ffmpeg: r.ffmpeg, themes: r.themes, cacheDir });
  };

  it('renders each theme’s preview and each look’s poster and clip, and writes their addresses', async () => {
    assert.equal(await showcase().run(), 4);
    const [theme] = await h.deps.db('themes').select('id');
    const probe = await h.deps.render.ffmpeg.probe(h.deps.render.files.path(`themes/${theme.id}/preview.mp4`));
    assert.ok(probe.duration > 5 && probe.duration < 7.5, `${probe.duration} s`);
    assert.deepEqual([probe.video?.width, probe.video?.height], [640, 360]);
    const looks = await h.deps.db('look_modifiers').orderBy('type').select('type', 'id', 'params');
    for (const look of looks) {
      assert.match(look.params.poster_url, new RegExp(`^/r/looks/${look.type}-${look.id}/poster\\.jpg\\?v=[0-9a-f]{12}$`));
      assert.match(look.params.preview_url, new RegExp(`^/r/looks/${look.type}-${look.id}/preview\\.mp4\\?v=[0-9a-f]{12}$`));
    }
    const poster = await h.request().get(looks[0].params.poster_url).expect(200);
    assert.equal(poster.headers['content-type'], 'image/jpeg');
    await h.request().get(`/r/themes/${theme.id}/preview.mp4`).expect(200);
  });

  it('makes nothing again while the engine and the looks are unchanged, and reuses its cache for a new installation', async () => {
    assert.equal(await showcase().run(), 0);
    await h.deps.repos.storage.removeTree('looks');
    await h.deps.repos.storage.removeTree('render-cache');
    const started = Date.now();
    assert.equal(await showcase().run(), 3);
    assert.ok(Date.now() - started < 5000, 'copied from the cache, not rendered');
    assert.deepEqual(readdirSync(h.deps.render.files.path('looks')).sort(), ['border-6', 'effect-4', 'transition-10']);
  });
});
