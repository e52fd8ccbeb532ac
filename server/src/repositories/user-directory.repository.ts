import type { Db } from '../db/database.ts';
import { pageOf, whereEveryTerm } from './text-search.ts';
import type { UserWithOrg } from './user.repository.ts';

export interface UserFilter {
  organizationId?: number;
  terms: string[];
  offset: number;
  limit: number;
}

/** Searching and paging users for the administration screens (user.repository.ts finds single users). */
export function userDirectoryRepository(db: Db) {
  return {
    async list(filter: UserFilter): Promise<{ rows: UserWithOrg[]; total: number }> {
      const query = db('users')
        .leftJoin('organizations', 'organizations.id', 'users.organization_id')
        .select('users.*', 'organizations.organization_name')
        .modify((q) => {
          if (filter.organizationId) q.where('users.organization_id', filter.organizationId);
          whereEveryTerm(q, ['users.name', 'users.email'], filter.terms);
        });
      return pageOf<UserWithOrg>(query, (q) => q.orderByRaw('lower(users.name), users.id'), filter.offset, filter.limit);
    },
  };
}

export type UserDirectoryRepository = ReturnType<typeof userDirectoryRepository>;
