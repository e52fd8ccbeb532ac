import type { Db } from '../db/database.ts';
import type { RenderRow, TaskRow } from './render-record.repository.ts';

export interface BossJobRow {
  id: string;
  name: string;
  state: string;
  data: unknown;
  retry_count: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  output: unknown;
}

/** What the admin's debug view reads: a video's renders with their work items, and its pg-boss jobs. */
export function videoDebugRepository(db: Db) {
  return {
    async renders(videoId: number, limit = 30): Promise<RenderRow[]> {
      return db<RenderRow>('renders').where({ video_id: videoId }).orderBy('id', 'desc').limit(limit);
    },
    async tasks(renderIds: number[]): Promise<TaskRow[]> {
      if (!renderIds.length) return [];
      return db<TaskRow>('render_tasks').whereIn('render_id', renderIds).orderBy(['render_id', 'task']);
    },
    /**
     * pg-boss jobs whose payload names the video or one of its renders, newest first. pg-boss keeps finished jobs
     * for a while only, and a process that never started the queue has no pgboss schema: then there are none.
     */
    async jobs(videoId: number, renderIds: number[], limit = 200): Promise<BossJobRow[]> {
      const { rows } = await db.raw<{ rows: { present: string | null }[] }>(`SELECT to_regclass('pgboss.job')::text AS present`);
      if (!rows[0]?.present) return [];
      const result = await db.raw<{ rows: BossJobRow[] }>(
        `SELECT id::text, name, state::text, data, retry_count, created_on, started_on, completed_on, output
         FROM pgboss.job
         WHERE data->>'videoId' = ? OR data->>'renderId' = ANY(?::text[])
         ORDER BY created_on DESC LIMIT ?`,
        [String(videoId), renderIds.map(String), limit],
      );
      return result.rows;
    },
  };
}

export type VideoDebugRepository = ReturnType<typeof videoDebugRepository>;
