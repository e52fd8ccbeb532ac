import { CUSTOM_THEME_BASE_ID } from '../../../common/custom-theme.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { sendOnce } from '../jobs/queue.ts';
import { sampleScene } from '../media/sample-photos.ts';
import { renderSvgToJpeg } from '../repositories/image.repository.ts';
import { storageRepository } from '../repositories/storage.repository.ts';
import { newSecurityHash, newVideoCode } from '../repositories/video.repository.ts';

const SEEDED_KEY = 'demo_tribute_seeded';

const CAPTIONS = [
  'Eleanor at the lake house, summer 1956', 'First day of teaching', 'With Walter on their wedding day', '',
  'The garden she loved', 'Sunday drives along the coast', 'Family reunion, 1978', 'Her famous apple pie',
  '', 'Grandchildren everywhere', 'Hiking the ridge trail', 'Christmas morning', 'The old farmhouse',
  'Anniversary dinner', '', 'Teaching Lucy to bake', 'Autumn in the orchard', 'Our trip to the mountains',
  'Snow day with the kids', 'Choir practice', '', 'Her 80th birthday', 'Walks by the river', 'Spring tulips',
  'The whole family, 2019', 'Reading to the little ones', '', 'Sunset at the cabin', 'Still smiling at 85',
  'Always in our hearts',
];

/** Shapes of the demo photos: landscapes, portraits, squares and wide shots, as a family album has them. */
const SHAPES = [
  [1620, 1080],
  [900, 1200],
  [1920, 1080],
  [1200, 1200],
  [960, 1440],
] as const;

const TEXT_SLIDE_AFTER = 12;

export interface DemoTributeOptions {
  /** How many photos (all of them, 30, by default; tests take a few). */
  photos?: number;
  /** Fixed seconds a slide instead of the automatic timing (tests keep the video short). */
  slideSeconds?: number;
  /** The app's database address: the render is queued there as a 'render.video' job, worked at the first start. */
  databaseUrl?: string;
  /** Queues the video's render instead (tests). */
  start?: (videoId: number) => Promise<unknown>;
}

/**
 * One finished tribute for the demo organization: a few dozen generated photos with captions, a text slide and
 * two stock songs, finalized with its render queued at once (given the database's address), so a new user soon sees the real result (the first
 * worker takes the job; it waits, retrying, while the start's recovery of pending slides processes the photos).
 * Should queueing fail, the render watchdog starts it within a few minutes.
 */
export async function seedDemoTribute(db: Db, config: Config, env: NodeJS.ProcessEnv = process.env, options: DemoTributeOptions = {}): Promise<void> {
  // Browser tests start many short-lived servers: DEMO_TRIBUTE=0 spares them the photos and the render.
  if (env.DEMO_TRIBUTE === '0') return;
  if (await db('system_settings').where({ key: SEEDED_KEY }).first()) return;
  const org = await db('organizations').where({ organization_name: 'Demo Funeral Home' }).first<{ id: number } | undefined>('id');
  const staff = await db('users').where({ email: 'staff@example.com' }).first<{ id: number } | undefined>('id');
  if (!org || !staff) return;
  const theme = await db('themes').where({ debug: false, disabled: false }).whereNot({ id: CUSTOM_THEME_BASE_ID }).orderBy('id').first<{ id: number } | undefined>('id');
  const storage = storageRepository(config.dataDir);
  const [video] = await db('videos')
    .insert({
      organization_id: org.id,
      user_id: staff.id,
      title: 'Eleanor Grace Whitfield',
      subtitle: '1938 - 2026',
      intro_text: 'A life filled with love and laughter',
      theme_id: theme?.id ?? 0,
      video_code: newVideoCode(),
      security_hash: newSecurityHash(),
      automatic_timing: options.slideSeconds === undefined,
      ...(options.slideSeconds === undefined ? {} : { slide_time: options.slideSeconds }),
      date_in_queue: new Date(),
      finished: false,
    })
    .returning<{ id: number }[]>('id');
  let position = 0;
  for (const [i, caption] of CAPTIONS.slice(0, options.photos ?? CAPTIONS.length).entries()) {
    if (i === TEXT_SLIDE_AFTER) {
      await db('slides').insert({
        video_id: video.id, position: ++position, is_text: true, slide_caption: 'Her garden was her joy,\nand every flower a friend.',
        font: 'Quicksand-Bold.ttf', font_size: 56, slide_background: 5,
      });
    }
    const [width, height] = SHAPES[i % SHAPES.length];
    const scene = sampleScene(i * 5 + 3, width, height);
    const jpeg = await renderSvgToJpeg(scene.svg, 90);
    const [slide] = await db('slides')
      .insert({ video_id: video.id, position: ++position, slide_caption: caption, orig_filename: `${scene.name}.jpg`, font: 'Gentium-Basic-Italic.ttf', processing_state: 'pending' })
      .returning<{ id: number }[]>('id');
    const key = `videos/${video.id}/slides/${slide.id}/original.jpg`;
    await storage.write(key, jpeg);
    await db('slides').where({ id: slide.id }).update({ orig_path: key, mime: 'image/jpeg', bytes: jpeg.length });
  }
  const songs = await db('stock_songs').where({ disabled: false, premium: false }).orderBy([{ column: 'file_path', order: 'asc', nulls: 'last' }, { column: 'id' }]).limit(2);
  for (const [i, song] of songs.entries()) {
    await db('songs').insert({
      video_id: video.id, position: i, stock_song_id: song.id, title: song.song_name, artist: song.artist_name,
      song_orig_name: song.song_name, song_length: song.song_length, crossfade: i > 0,
    });
  }
  await db('system_settings').insert({ key: SEEDED_KEY, value: JSON.stringify({ at: new Date().toISOString(), video_id: video.id }) });
  const { databaseUrl } = options;
  const start = options.start ?? (databaseUrl ? (videoId: number) => sendOnce(databaseUrl, 'render.video', { videoId }) : null);
  if (!start) return;
  try {
    await start(video.id);
  } catch (err) {
    console.warn(`[seed] the demo tribute's render was not queued (the render watchdog will start it): ${err instanceof Error ? err.message : String(err)}`);
  }
}
