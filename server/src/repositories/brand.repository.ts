import type { Db } from '../db/database.ts';
import { pageOf, whereEveryTerm } from './text-search.ts';

export interface BrandRow {
  id: number;
  organization_id: number;
  name: string;
  logo_path: string | null;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface BrandWithOrg extends BrandRow {
  organization_name: string;
}

export interface BrandFilter {
  organizationId?: number;
  terms: string[];
  offset: number;
  limit: number;
}

export function brandRepository(db: Db) {
  const withOrg = () =>
    db('brands')
      .join('organizations', 'organizations.id', 'brands.organization_id')
      .select<BrandWithOrg[]>('brands.*', 'organizations.organization_name');
  return {
    async list(filter: BrandFilter): Promise<{ rows: BrandWithOrg[]; total: number }> {
      const query = withOrg().modify((q) => {
        if (filter.organizationId) q.where('brands.organization_id', filter.organizationId);
        whereEveryTerm(q, ['brands.name'], filter.terms);
      });
      return pageOf<BrandWithOrg>(query, (q) => q.orderByRaw('lower(brands.name), brands.id'), filter.offset, filter.limit);
    },
    async findById(id: number): Promise<BrandWithOrg | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return withOrg().where('brands.id', id).first();
    },
    async create(values: { organization_id: number; name: string }): Promise<BrandRow> {
      const [row] = await db('brands').insert(values).returning('*');
      return row as BrandRow;
    },
    async update(id: number, values: Partial<Pick<BrandRow, 'name' | 'disabled' | 'logo_path'>>): Promise<void> {
      await db('brands').where({ id }).update({ ...values, updated_at: db.fn.now() });
    },
  };
}

export type BrandRepository = ReturnType<typeof brandRepository>;
