import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { storageRepository } from '../repositories/storage.repository.ts';
import { addDemoPhoto, addDemoSongs, demoThemeId } from './demo-media.ts';

/** Records that the finalized demo videos got their photos, and which videos they are (their renders are queued). */
export const DEMO_VIDEOS_MEDIA_KEY = 'demo_videos_media_seeded';

export interface DemoVideo {
  title: string;
  subtitle: string;
  intro_text: string;
  /** Captions of its photos when it is seeded finalized: it is rendered, and shows Complete only once it is. */
  captions?: string[];
}

/** The demo organization's list: three finalized videos (rendered by the seed) and two still being made. */
export const DEMO_VIDEOS: DemoVideo[] = [
  {
    title: 'José Álvarez', subtitle: '1941 - 2026', intro_text: 'A life of music and laughter',
    captions: ['Playing guitar on the porch', 'With Rosa, 1965', 'The band at the county fair', 'Grandchildren on his knee', 'Fishing at dawn', 'His 80th birthday'],
  },
  {
    title: 'Margaret Ellen Hughes', subtitle: 'Beloved mother and grandmother', intro_text: 'Forever in our hearts',
    captions: ['Margaret in her nurse’s cap', 'Wedding day, 1962', 'Baking with the grandchildren', 'The rose garden', 'Christmas at the farmhouse', 'Always smiling'],
  },
  { title: 'Chloé Dubois', subtitle: '1958 - 2026', intro_text: 'Celebrating a beautiful life' },
  { title: 'Robert "Bobby" Chen', subtitle: 'Teacher, coach, friend', intro_text: 'In loving memory' },
  {
    title: 'Anna-Lena Björk', subtitle: '1970 - 2026', intro_text: 'Always with us',
    captions: ['Midsummer in Dalarna', 'Sailing the archipelago', 'With her students', 'The cabin by the lake', 'Reading by the fire', 'Forever with us'],
  },
];

export interface DemoVideoMediaOptions {
  /** Photos a video (all its captions by default; tests take fewer). */
  photos?: number;
  /** Seconds a slide (6 by default: a finished demo video lasts under a minute, so it renders soon). */
  slideSeconds?: number;
}

/**
 * Photos, a stock song and a theme for the demo list's finalized videos, once. An installation seeded before the
 * demo videos were rendered has them finalized and empty: they are filled the same way, so a video the list shows
 * as finished is one that was really made. Videos someone has changed since (given slides, reopened, deleted) are
 * left alone.
 */
export async function seedDemoVideoMedia(db: Db, config: Config, options: DemoVideoMediaOptions = {}): Promise<void> {
  if (await db('system_settings').where({ key: DEMO_VIDEOS_MEDIA_KEY }).first()) return;
  const org = await db('organizations').where({ organization_name: 'Demo Funeral Home' }).first<{ id: number } | undefined>('id');
  if (!org) return;
  const storage = storageRepository(config.dataDir, config.storage);
  const filled: number[] = [];
  for (const [index, demo] of DEMO_VIDEOS.entries()) {
    if (!demo.captions) continue;
    const video = await db('videos')
      .where({ organization_id: org.id, title: demo.title, finished: false })
      .whereNotNull('date_in_queue')
      .whereNull('deleted_at')
      .whereNotExists(db('slides').whereRaw('slides.video_id = videos.id'))
      .first<{ id: number } | undefined>('id');
    if (!video) continue;
    for (const [i, caption] of demo.captions.slice(0, options.photos ?? demo.captions.length).entries()) {
      await addDemoPhoto(db, storage, video.id, i + 1, caption, index * 7 + i);
    }
    await addDemoSongs(db, video.id, 1);
    await db('videos').where({ id: video.id }).update({ theme_id: await demoThemeId(db, index + 1), automatic_timing: false, slide_time: options.slideSeconds ?? 6 });
    filled.push(video.id);
  }
  await db('system_settings').insert({ key: DEMO_VIDEOS_MEDIA_KEY, value: JSON.stringify({ at: new Date().toISOString(), video_ids: filled }) });
}
