import type { Db } from '../db/database.ts';
import type { VideoState } from '../wire/settings.ts';
import { pageOf, whereEveryTerm } from './text-search.ts';
import type { VideoRow } from './video.repository.ts';

export interface AdminVideoRow extends VideoRow {
  organization_name: string | null;
  user_name: string | null;
}

export interface AdminVideoFilter {
  organizationId?: number;
  /** The videos one user made (the user's own page). */
  userId?: number;
  state: VideoState;
  terms: string[];
  offset: number;
  limit: number;
}

/** Videos of every organization for super users (video.repository.ts reads and writes single videos). */
export function videoAdminRepository(db: Db) {
  return {
    async list(filter: AdminVideoFilter): Promise<{ rows: AdminVideoRow[]; total: number }> {
      const query = db('videos')
        .leftJoin('organizations', 'organizations.id', 'videos.organization_id')
        .leftJoin('users', 'users.id', 'videos.user_id')
        .select('videos.*', 'organizations.organization_name', 'users.name as user_name')
        .modify((q) => {
          if (filter.organizationId) q.where('videos.organization_id', filter.organizationId);
          if (filter.userId) q.where('videos.user_id', filter.userId);
          if (filter.state === 'active') q.whereNull('videos.deleted_at');
          if (filter.state === 'deleted') q.whereNotNull('videos.deleted_at');
          whereEveryTerm(q, ['videos.title'], filter.terms);
        });
      return pageOf<AdminVideoRow>(query, (q) => q.orderBy('videos.id', 'desc'), filter.offset, filter.limit);
    },
    async findById(id: number): Promise<AdminVideoRow | undefined> {
      return db('videos')
        .leftJoin('organizations', 'organizations.id', 'videos.organization_id')
        .leftJoin('users', 'users.id', 'videos.user_id')
        .select<AdminVideoRow[]>('videos.*', 'organizations.organization_name', 'users.name as user_name')
        .where('videos.id', id)
        .first();
    },
  };
}

export type VideoAdminRepository = ReturnType<typeof videoAdminRepository>;
