import type { Db } from '../db/database.ts';

/** How many of the details table's Top Referers rows are kept in view. */
export const TOP_REFERERS = 10;

/** Views of a video counted by the site that sent them (video_referers). */
export function refererRepository(db: Db) {
  return {
    async record(videoId: number, site: string, at = new Date()): Promise<void> {
      await db('video_referers')
        .insert({ video_id: videoId, site, count: 1, last_seen_at: at })
        .onConflict(['video_id', 'site'])
        .merge({ count: db.raw('video_referers.count + 1'), last_seen_at: at });
    },
    /** The sites that sent the most views, most first (the newer first on a tie). */
    async top(videoId: number, limit = TOP_REFERERS): Promise<{ referer: string; count: number }[]> {
      const rows = await db('video_referers').where({ video_id: videoId }).orderBy([{ column: 'count', order: 'desc' }, { column: 'last_seen_at', order: 'desc' }]).limit(limit).select<{ site: string; count: number }[]>('site', 'count');
      return rows.map((row) => ({ referer: row.site, count: Number(row.count) }));
    },
  };
}

export type RefererRepository = ReturnType<typeof refererRepository>;
