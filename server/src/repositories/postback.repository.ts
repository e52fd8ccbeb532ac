import type { Db } from '../db/database.ts';

export interface PostbackAttemptRow {
  id: number;
  video_id: number;
  delivery_id: string;
  url: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: Date;
}

/** The log of postback deliveries: one row per try, kept with the video. */
export function postbackRepository(db: Db) {
  return {
    async record(values: Omit<PostbackAttemptRow, 'id' | 'created_at'>): Promise<void> {
      await db('postback_attempts').insert({ ...values, url: values.url.slice(0, 1000), error: values.error?.slice(0, 2000) ?? null });
    },
    /** Tries made so far for one delivery (its retries share the id). */
    async attemptsOf(deliveryId: string): Promise<number> {
      const row = await db('postback_attempts').where({ delivery_id: deliveryId }).count<{ count: string }[]>('* as count').first();
      return Number(row?.count ?? 0);
    },
    async forVideo(videoId: number, limit = 50): Promise<PostbackAttemptRow[]> {
      return db<PostbackAttemptRow>('postback_attempts').where({ video_id: videoId }).orderBy('id', 'desc').limit(limit);
    },
  };
}

export type PostbackRepository = ReturnType<typeof postbackRepository>;
