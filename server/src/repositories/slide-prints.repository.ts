import type { Db } from '../db/database.ts';
import { isWindowPrints, type WindowPrints } from '../media/window-prints.ts';

/** Each photo's window prints (slide_prints), named by the thumbnail version they were made from. */
export function slidePrintsRepository(db: Db) {
  return {
    /** The stored prints of a video's slides; rows of an older shape are left out (made again). */
    async forVideo(videoId: number): Promise<Map<number, { version: string; prints: WindowPrints }>> {
      const rows = await db('slide_prints').where({ video_id: videoId }).select<{ slide_id: number; version: string; prints: unknown }[]>('slide_id', 'version', 'prints');
      return new Map(rows.filter((r) => isWindowPrints(r.prints)).map((r) => [r.slide_id, { version: r.version, prints: r.prints as WindowPrints }]));
    },

    async save(slideId: number, videoId: number, version: string, prints: WindowPrints): Promise<void> {
      await db('slide_prints')
        .insert({ slide_id: slideId, video_id: videoId, version, prints: JSON.stringify(prints) })
        .onConflict('slide_id')
        .merge({ video_id: videoId, version, prints: JSON.stringify(prints), updated_at: db.fn.now() });
    },
  };
}

export type SlidePrintsRepository = ReturnType<typeof slidePrintsRepository>;
