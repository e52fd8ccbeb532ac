import type { Db } from '../db/database.ts';

export function videoViewRepository(db: Db) {
  return {
    /**
     * Counts the viewer's play of the video today (UTC) unless it is already counted: true when it was. The older
     * days of this video's viewers go at the same time (they can no longer decide anything).
     */
    async record(videoId: number, viewer: string): Promise<boolean> {
      return db.transaction(async (trx) => {
        const today = trx.raw(`(now() AT TIME ZONE 'UTC')::date`);
        await trx('video_views').where({ video_id: videoId }).where('day', '<', trx.raw(`(now() AT TIME ZONE 'UTC')::date - 1`)).delete();
        const added = await trx('video_views').insert({ video_id: videoId, day: today, viewer }).onConflict(['video_id', 'day', 'viewer']).ignore().returning('video_id');
        if (added.length === 0) return false;
        await trx('videos').where({ id: videoId }).increment('viewed', 1);
        return true;
      });
    },
  };
}

export type VideoViewRepository = ReturnType<typeof videoViewRepository>;
