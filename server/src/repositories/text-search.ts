import type { Knex } from 'knex';
import { FOLD_TABLE } from '../services/accent-fold.ts';

/** A LIKE pattern that matches the term anywhere, with LIKE's own wildcards taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Keeps rows where every (already folded) term occurs in at least one of the columns, ignoring case and
 * accents; the folding is services/accent-fold.ts done in SQL with translate().
 */
export function whereEveryTerm(query: Knex.QueryBuilder, columns: string[], terms: string[]): void {
  for (const term of terms) {
    const pattern = containsPattern(term);
    query.where((inner) => {
      for (const column of columns) {
        inner.orWhereRaw('translate(lower(??), ?, ?) LIKE ?', [column, FOLD_TABLE.from, FOLD_TABLE.to, pattern]);
      }
    });
  }
}

/** Rows of one page and the count of all matching rows, from one filtered query. */
export async function pageOf<T>(query: Knex.QueryBuilder, order: (q: Knex.QueryBuilder) => void, offset: number, limit: number) {
  const [{ count }] = await query.clone().clearSelect().clearOrder().count<{ count: number }[]>('* as count');
  const rows = (await query.clone().modify(order).offset(offset).limit(limit)) as T[];
  return { rows, total: Number(count) };
}
