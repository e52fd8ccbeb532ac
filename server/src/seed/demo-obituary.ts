import type { Db } from '../db/database.ts';
import { DEMO_TRIBUTE_KEY } from './demo-tribute.ts';

export const DEMO_OBITUARY_KEY = 'demo_obituary_seeded';

/**
 * The demo funeral home's obituary website with the demo tribute's obituary, published, showing the video: the
 * admin's obituary widget then has real records to show. Runs once, after the demo tribute exists.
 */
export async function seedDemoObituary(db: Db): Promise<void> {
  if (await db('system_settings').where({ key: DEMO_OBITUARY_KEY }).first()) return;
  const tribute = await db('system_settings').where({ key: DEMO_TRIBUTE_KEY }).first<{ value: { video_id?: number } } | undefined>('value');
  const videoId = tribute?.value.video_id;
  const video = videoId ? await db('videos').where({ id: videoId }).first<{ id: number; organization_id: number | null } | undefined>('id', 'organization_id') : undefined;
  if (!video?.organization_id) return;
  await db.transaction(async (trx) => {
    const domain = 'www.demo-funeral-home.example';
    const [website] = await trx('obituary_websites')
      .insert({ organization_id: video.organization_id, name: 'Demo Funeral Home', domain, obituary_slug: 'obituaries' })
      .returning<{ id: number }[]>('id');
    const slug = 'eleanor-grace-whitfield';
    const [obituary] = await trx('obituaries')
      .insert({ website_id: website.id, slug, foreign_id: 'obit-1001', published_at: new Date() })
      .returning<{ id: number }[]>('id');
    await trx('obituary_videos').insert({ obituary_id: obituary.id, video_id: video.id, name: 'Tribute video', is_ready: true });
    await trx('videos').where({ id: video.id }).whereNull('obit_url').update({ obit_url: `https://${domain}/obituaries/${slug}`, foreign_id: 'obit-1001' });
    await trx('system_settings').insert({ key: DEMO_OBITUARY_KEY, value: JSON.stringify({ at: new Date().toISOString(), video_id: video.id }) });
  });
}
