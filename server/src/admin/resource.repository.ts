import type { Db } from '../db/database.ts';
import { pageOf, whereEveryTerm } from '../repositories/text-search.ts';
import type { AdminResource, Row } from './resource.ts';

export interface ResourceFilter {
  terms: string[];
  /** Column (as declared in the resource's filters) to id. */
  ids: Record<string, number>;
  offset: number;
  limit: number;
}

/** The only code of the admin scaffold that touches knex: one declared resource's rows. */
export function resourceRepository(db: Db, resource: AdminResource) {
  const { table } = resource;
  const rows = () => (resource.query ? resource.query(db) : db(table).select(`${table}.*`));

  async function find(id: number): Promise<Row | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return rows().where(`${table}.id`, id).first();
  }

  return {
    find,

    async list(filter: ResourceFilter): Promise<{ rows: Row[]; total: number }> {
      const query = rows().modify((q) => {
        for (const [column, id] of Object.entries(filter.ids)) q.where(column, id);
        whereEveryTerm(q, [...resource.searchable], filter.terms);
      });
      return pageOf<Row>(query, (q) => q.orderByRaw(resource.order), filter.offset, filter.limit);
    },

    async create(values: Record<string, unknown>): Promise<number> {
      const [row] = await db(table).insert(values).returning<{ id: number }[]>('id');
      return row.id;
    },

    async update(id: number, values: Record<string, unknown>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db(table).where({ id }).update({ ...values, updated_at: db.fn.now() });
    },

    async remove(id: number): Promise<void> {
      await db(table).where({ id }).delete();
    },

    /** Whether any of the ids is not a row of `other` (an `ids` field). */
    async anyMissing(other: string, ids: number[]): Promise<boolean> {
      const [{ count }] = await db(other).whereIn('id', ids).count<{ count: number }[]>('* as count');
      return Number(count) < new Set(ids).size;
    },

    /** Whether each referenced id exists: { organization_id: ['organizations', 12] } answers the keys that do not. */
    async missingReferences(references: Record<string, [string, number]>): Promise<string[]> {
      const missing: string[] = [];
      for (const [key, [other, id]] of Object.entries(references)) {
        if (!(await db(other).where({ id }).first('id'))) missing.push(key);
      }
      return missing;
    },
  };
}

export type ResourceRepository = ReturnType<typeof resourceRepository>;

/** A check for resources whose names must differ (ignoring case): the field's message when another row has it. */
export function uniqueText(table: string, column: string, message: string) {
  return async (values: Record<string, unknown>, current: Row | undefined, db: Db): Promise<Record<string, string>> => {
    const value = values[column];
    if (typeof value !== 'string') return {};
    const taken = await db(table)
      .whereRaw('lower(??) = lower(?)', [column, value])
      .modify((q) => {
        if (current) q.whereNot('id', current.id);
      })
      .first('id');
    return taken ? { [column]: message } : {};
  };
}
