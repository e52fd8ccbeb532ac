import type { Context } from 'koa';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface Paging {
  /** Counts from 1, as on the wire. */
  page: number;
  perPage: number;
  offset: number;
}

/** `page` (from 1) and `per_page` from the query string, clamped to sane values. */
export function pagingOf(ctx: Context): Paging {
  const asInt = (value: unknown, fallback: number) => {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : fallback;
    return Number.isSafeInteger(n) ? n : fallback;
  };
  const page = Math.max(1, asInt(ctx.query.page, 1));
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, asInt(ctx.query.per_page, DEFAULT_PER_PAGE)));
  return { page, perPage, offset: (page - 1) * perPage };
}

/** An optional positive integer filter from the query string (organization_id=12); absent or malformed is undefined. */
export function idFilter(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * One page out of a query that asked for `limit + 1` rows: the extra row only tells that more exist, so a client
 * never has to guess from a page's length (a page can come back short after rows are dropped, and a full page can
 * be the last one).
 */
export function pageOf<T>(rows: T[], limit: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
