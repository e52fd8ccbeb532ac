import type { Db } from '../db/database.ts';

/** What the family upload link reads beside the video row. */
export function uploadLinkRepository(db: Db) {
  return {
    /** An active user's address, or undefined. */
    async activeUserEmail(userId: number | null): Promise<string | undefined> {
      if (userId === null) return undefined;
      const row = await db('users').where({ id: userId, disabled: false }).first<{ email: string } | undefined>('email');
      return row?.email;
    },
    /** The organization's longest-serving active admin, who hears about a video whose creator is gone. */
    async organizationAdminEmail(organizationId: number | null): Promise<string | undefined> {
      if (organizationId === null) return undefined;
      const row = await db('users')
        .where({ organization_id: organizationId, role: 'org_admin', disabled: false })
        .orderBy('id')
        .first<{ email: string } | undefined>('email');
      return row?.email;
    },
    /** True only for the call that finished it, so a double press tells the staff once. */
    async markFinished(videoId: number): Promise<boolean> {
      const rows = await db('videos')
        .where({ id: videoId, family_upload_finished: false })
        .update({ family_upload_finished: true, updated_at: db.fn.now() })
        .returning('id');
      return rows.length > 0;
    },
    /** Photos and clips that came in through the link and are still in the video. */
    async familyUploadCount(videoId: number): Promise<number> {
      const [row] = await db('slides')
        .where({ video_id: videoId, via_upload_link: true })
        .whereNull('deleted_at')
        .whereIn('processing_state', ['pending', 'ready'])
        .count<{ count: number }[]>('* as count');
      return Number(row.count);
    },
  };
}

export type UploadLinkRepository = ReturnType<typeof uploadLinkRepository>;
