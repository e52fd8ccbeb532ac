import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { storageRepository } from '../repositories/storage.repository.ts';
import { newSecurityHash, newVideoCode } from '../repositories/video.repository.ts';
import { addDemoPhoto, addDemoSongs, demoThemeId } from './demo-media.ts';

/** Records that the demo tribute was seeded, and its video (its render is queued by queueDemoRenders). */
export const DEMO_TRIBUTE_KEY = 'demo_tribute_seeded';

const CAPTIONS = [
  'Eleanor at the lake house, summer 1956', 'First day of teaching', 'With Walter on their wedding day', '',
  'The garden she loved', 'Sunday drives along the coast', 'Family reunion, 1978', 'Her famous apple pie',
  '', 'Grandchildren everywhere', 'Hiking the ridge trail', 'Christmas morning', 'The old farmhouse',
  'Anniversary dinner', '', 'Teaching Lucy to bake', 'Autumn in the orchard', 'Our trip to the mountains',
  'Snow day with the kids', 'Choir practice', '', 'Her 80th birthday', 'Walks by the river', 'Spring tulips',
  'The whole family, 2019', 'Reading to the little ones', '', 'Sunset at the cabin', 'Still smiling at 85',
  'Always in our hearts',
];

const TEXT_SLIDE_AFTER = 12;

export interface DemoTributeOptions {
  /** How many photos (all of them, 30, by default; tests take a few). */
  photos?: number;
  /** Fixed seconds a slide instead of the automatic timing (tests keep the video short). */
  slideSeconds?: number;
}

/**
 * One finished tribute for the demo organization: a few dozen generated photos with captions, a text slide and
 * two stock songs, finalized. It is seeded unfinished: queueDemoRenders (demo-renders.ts) has it rendered through
 * the normal render jobs, so a new user soon sees the real result, and it shows Complete only once its files exist.
 */
export async function seedDemoTribute(db: Db, config: Config, env: NodeJS.ProcessEnv = process.env, options: DemoTributeOptions = {}): Promise<void> {
  // Browser tests start many short-lived servers: DEMO_TRIBUTE=0 spares them the photos and the render.
  if (env.DEMO_TRIBUTE === '0') return;
  if (await db('system_settings').where({ key: DEMO_TRIBUTE_KEY }).first()) return;
  const org = await db('organizations').where({ organization_name: 'Demo Funeral Home' }).first<{ id: number } | undefined>('id');
  const staff = await db('users').where({ email: 'staff@example.com' }).first<{ id: number } | undefined>('id');
  if (!org || !staff) return;
  const storage = storageRepository(config.dataDir, config.storage);
  const [video] = await db('videos')
    .insert({
      organization_id: org.id,
      user_id: staff.id,
      title: 'Eleanor Grace Whitfield',
      subtitle: '1938 - 2026',
      intro_text: 'A life filled with love and laughter',
      theme_id: await demoThemeId(db),
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
    await addDemoPhoto(db, storage, video.id, ++position, caption, i);
  }
  await addDemoSongs(db, video.id, 2);
  await db('system_settings').insert({ key: DEMO_TRIBUTE_KEY, value: JSON.stringify({ at: new Date().toISOString(), video_id: video.id }) });
}
