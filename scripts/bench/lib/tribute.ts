import { mkdirSync } from 'node:fs';
import { link } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../server/src/db/database.ts';
import type { Deps } from '../../../server/src/deps.ts';
import { runTool } from '../../../server/src/repositories/run-tool.ts';
import { insertTestTheme } from '../../../server/test/render-helpers.ts';
import { benchPhotos } from './photos.ts';

/** The bench tribute's length: three songs of 205 s, crossfaded, about ten minutes of video. */
export const BENCH_MINUTES = 10.25;

/** Three different pieces: chords with a slow swell, together `minutes` long (three ordinary songs by default). */
async function makeSongs(deps: Deps, db: Db, videoId: number, minutes: number): Promise<void> {
  const SONG_SECONDS = Math.max(5, Math.round((minutes * 60) / 3));
  const chords = [[261.6, 329.6, 392.0], [220.0, 277.2, 329.6], [196.0, 246.9, 293.7]];
  for (const [i, notes] of chords.entries()) {
    const file = path.join(os.tmpdir(), `bench-song-${i}-${SONG_SECONDS}.m4a`);
    const expr = notes.map((f) => `sin(2*PI*${f}*t)`).join('+');
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='(${expr})*(0.25+0.1*sin(2*PI*t/7))':s=48000:d=${SONG_SECONDS}`, '-ac', '2', '-c:a', 'aac', '-b:a', '160k', file], 300_000);
    const key = `videos/${videoId}/songs/${i}.m4a`;
    mkdirSync(path.dirname(deps.repos.storage.resolve(key)), { recursive: true });
    await link(file, deps.repos.storage.resolve(key));
    await db('songs').insert({ video_id: videoId, position: i, file_path: key, song_length: SONG_SECONDS, title: `Piece ${i + 1}`, crossfade: i > 0 });
  }
}

/**
 * The benchmark tribute (as scripts/bench/render.ts describes it): `count` twelve-megapixel photos, every one moving,
 * automatic transitions, one overlay, three songs, about ten minutes long (`minutes`: the songs' length, which the
 * automatic timing fits the photos to); its photos processed, not yet finalized.
 */
export async function benchTribute(deps: Deps, db: Db, count: number, minutes = BENCH_MINUTES): Promise<{ videoId: number; slideIds: number[] }> {
  const sources = await benchPhotos(count);
  const themeId = await insertTestTheme(deps, { introLength: 5, outroLength: 4, transitionLength: 1 });
  const customizations = { effect: { 2: true, 3: true, 4: true, 6: true }, overlay: { 3: true } };
  const [video] = await db('videos')
    .insert({ video_code: 'bench', security_hash: 'bench', theme_id: themeId, title: 'Benchmark Tribute', subtitle: '1940 - 2026', customizations: JSON.stringify(customizations) })
    .returning('id');
  const slideIds: number[] = [];
  for (const [index, source] of sources.entries()) {
    const [{ id }] = await db('slides')
      .insert({ video_id: video.id, position: index, orig_filename: path.basename(source), processing_state: 'pending', slide_caption: index % 3 === 0 ? `Photo ${index + 1}` : '' })
      .returning('id');
    const key = `videos/${video.id}/slides/${id}/original.jpg`;
    mkdirSync(path.dirname(deps.repos.storage.resolve(key)), { recursive: true });
    await link(source, deps.repos.storage.resolve(key));
    await db('slides').where({ id }).update({ orig_path: key, overlay_id: 0 });
    slideIds.push(id);
  }
  console.log(`Processing ${slideIds.length} photos ...`);
  const pending = [...slideIds];
  await Promise.all([0, 1].map(async () => {
    for (let id = pending.shift(); id !== undefined; id = pending.shift()) await deps.slideMedia.processSlide(id);
  }));
  await makeSongs(deps, db, video.id, minutes);
  return { videoId: video.id, slideIds };
}
