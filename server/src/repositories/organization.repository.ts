import type { Db } from '../db/database.ts';
import type { DvdStandard } from '../dvd/plan.ts';
import type { OrganizationFields } from '../wire/settings.ts';
import { pageOf, whereEveryTerm } from './text-search.ts';

/** An organization's row: the fields it shares with its wire shape, and the columns only the server reads. */
export interface OrganizationRow extends OrganizationFields<Date> {
  logo_path: string | null;
  dvd_standard: DvdStandard;
  updated_at: Date;
}

export interface OrganizationWithCounts extends OrganizationRow {
  user_count: number;
}

export type OrganizationValues = Partial<Omit<OrganizationRow, 'id' | 'created_at' | 'updated_at'>>;

export interface OrganizationFilter {
  terms: string[];
  offset: number;
  limit: number;
}

export function organizationRepository(db: Db) {
  const withCounts = () =>
    db('organizations').select<OrganizationWithCounts[]>(
      'organizations.*',
      db.raw('(SELECT count(*) FROM users WHERE users.organization_id = organizations.id)::int AS user_count'),
    );
  return {
    async list(filter: OrganizationFilter): Promise<{ rows: OrganizationWithCounts[]; total: number }> {
      const query = withCounts().modify((q) => whereEveryTerm(q, ['organizations.organization_name'], filter.terms));
      return pageOf<OrganizationWithCounts>(query, (q) => q.orderByRaw('lower(organization_name), id'), filter.offset, filter.limit);
    },
    async findById(id: number): Promise<OrganizationWithCounts | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return withCounts().where('organizations.id', id).first();
    },
    async create(values: OrganizationValues & { organization_name: string }): Promise<OrganizationRow> {
      const [row] = await db('organizations').insert(values).returning('*');
      return row as OrganizationRow;
    },
    async update(id: number, values: OrganizationValues): Promise<void> {
      await db('organizations').where({ id }).update({ ...values, updated_at: db.fn.now() });
    },
  };
}

export type OrganizationRepository = ReturnType<typeof organizationRepository>;
