import { CUSTOM_THEME_BASE_ID } from '../../../common/custom-theme.ts';
import type { Db } from '../db/database.ts';
import { sampleScene } from '../media/sample-photos.ts';
import { renderSvgToJpeg } from '../repositories/image.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';

/** Shapes of the demo photos: landscapes, portraits, squares and wide shots, as a family album has them. */
const SHAPES = [
  [1620, 1080],
  [900, 1200],
  [1920, 1080],
  [1200, 1200],
  [960, 1440],
] as const;

/**
 * A generated photo as a slide waiting to be processed, as an upload leaves it: the start's recovery of pending
 * slides makes its thumbnails and big image, and a render waits for that.
 */
export async function addDemoPhoto(db: Db, storage: StorageRepository, videoId: number, position: number, caption: string, scene: number): Promise<void> {
  const [width, height] = SHAPES[scene % SHAPES.length];
  const drawn = sampleScene(scene * 5 + 3, width, height);
  const jpeg = await renderSvgToJpeg(drawn.svg, 90);
  const [slide] = await db('slides')
    .insert({ video_id: videoId, position, slide_caption: caption, orig_filename: `${drawn.name}.jpg`, font: 'Gentium-Basic-Italic.ttf', processing_state: 'pending' })
    .returning<{ id: number }[]>('id');
  const key = `videos/${videoId}/slides/${slide.id}/original.jpg`;
  await storage.write(key, jpeg);
  await db('slides').where({ id: slide.id }).update({ orig_path: key, mime: 'image/jpeg', bytes: jpeg.length });
}

/** The first `count` free stock songs, the later ones crossfading into the one before. */
export async function addDemoSongs(db: Db, videoId: number, count: number): Promise<void> {
  const songs = await db('stock_songs').where({ disabled: false, premium: false }).orderBy([{ column: 'file_path', order: 'asc', nulls: 'last' }, { column: 'id' }]).limit(count);
  for (const [i, song] of songs.entries()) {
    await db('songs').insert({
      video_id: videoId, position: i, stock_song_id: song.id, title: song.song_name, artist: song.artist_name,
      song_orig_name: song.song_name, song_length: song.song_length, crossfade: i > 0,
    });
  }
}

/** The `index`th catalogue theme people can choose (not for debugging, not the custom base), or 0 when there is none. */
export async function demoThemeId(db: Db, index = 0): Promise<number> {
  const themes = await db('themes').where({ debug: false, disabled: false }).whereNot({ id: CUSTOM_THEME_BASE_ID }).orderBy('id').select<{ id: number }[]>('id');
  return themes.length ? themes[index % themes.length].id : 0;
}
