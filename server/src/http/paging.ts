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
