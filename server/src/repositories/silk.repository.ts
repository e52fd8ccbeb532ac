import type { Db } from '../db/database.ts';

/**
 * Direct-delivery devices ("silks") linked to videos. The devices' own protocol comes in a later issue; until
 * then a notify marks the request on each enabled, checked link (video_silks.status.requested_at), which the
 * device reads when it next reports in.
 */
export function silkRepository(db: Db) {
  return {
    /** Marks the request on the video's enabled, checked devices; answers how many there were. */
    async requestDelivery(videoId: number, at: Date): Promise<number> {
      const { rowCount } = await db.raw<{ rowCount: number }>(
        `UPDATE video_silks vs SET status = vs.status || jsonb_build_object('requested_at', ?::text)
         FROM silks s
         WHERE vs.silk_id = s.id AND vs.video_id = ? AND vs.checked AND NOT s.disabled`,
        [at.toISOString(), videoId],
      );
      return rowCount ?? 0;
    },
  };
}

export type SilkRepository = ReturnType<typeof silkRepository>;
