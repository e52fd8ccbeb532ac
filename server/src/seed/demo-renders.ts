import type { Db } from '../db/database.ts';
import { DEMO_TRIBUTE_KEY } from './demo-tribute.ts';
import { DEMO_VIDEOS_MEDIA_KEY } from './demo-videos.ts';

/** The seeded videos meant to be seen finished: the demo tribute and the demo list's finalized videos. */
async function seededToRender(db: Db): Promise<number[]> {
  const rows = await db('system_settings').whereIn('key', [DEMO_TRIBUTE_KEY, DEMO_VIDEOS_MEDIA_KEY]).select<{ value: { video_id?: number; video_ids?: number[] } }[]>('value');
  return rows.flatMap(({ value }) => [...(value.video_id ? [value.video_id] : []), ...(value.video_ids ?? [])]);
}

/**
 * Queues the render of every seeded video that is finalized and not made yet, through the normal render jobs, so
 * the list shows it rendering and then Complete once its files exist. Safe at every start: a render in progress is
 * resumed rather than repeated, a finished video is not asked for again, and a seeded video someone has reopened,
 * deleted or made meanwhile is left alone. Answers the ids it queued.
 */
export async function queueDemoRenders(db: Db, start: (videoId: number) => Promise<unknown>): Promise<number[]> {
  const ids = await seededToRender(db);
  if (!ids.length) return [];
  const due = await db('videos').whereIn('id', ids).whereNotNull('date_in_queue').whereNull('deleted_at').where({ finished: false }).orderBy('id').pluck<number[]>('id');
  const queued: number[] = [];
  for (const id of due) {
    try {
      await start(id);
      queued.push(id);
    } catch (err) {
      // The render watchdog starts a finalized video whose render was never queued.
      console.warn(`[seed] the render of demo video ${id} was not queued (the render watchdog will start it): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return queued;
}
