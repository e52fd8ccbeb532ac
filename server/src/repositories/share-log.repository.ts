import type { Db } from '../db/database.ts';

export interface ShareLogEntry {
  video_id: number;
  user_id: number | null;
  share_type: string;
  method: string;
  recipient: string;
}

export interface ShareLogListRow {
  id: number;
  user_name: string | null;
  user_email: string | null;
  method: string;
  recipient: string;
  created_at: Date;
}

/** Who shared a video, how and with whom (spec 3: the share log under the share buttons). */
export function shareLogRepository(db: Db) {
  return {
    async addMany(entries: ShareLogEntry[]): Promise<void> {
      if (entries.length) await db('share_logs').insert(entries);
    },
    /** Newest first. */
    async list(videoId: number, shareType?: string, limit = 200): Promise<ShareLogListRow[]> {
      return db('share_logs')
        .leftJoin('users', 'users.id', 'share_logs.user_id')
        .where('share_logs.video_id', videoId)
        .modify((q) => {
          if (shareType) q.where('share_logs.share_type', shareType);
        })
        .orderBy([{ column: 'share_logs.created_at', order: 'desc' }, { column: 'share_logs.id', order: 'desc' }])
        .limit(limit)
        .select<ShareLogListRow[]>(
          'share_logs.id',
          'users.name as user_name',
          'users.email as user_email',
          'share_logs.method',
          'share_logs.recipient',
          'share_logs.created_at',
        );
    },
  };
}

export type ShareLogRepository = ReturnType<typeof shareLogRepository>;
