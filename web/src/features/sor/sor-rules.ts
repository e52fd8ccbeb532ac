/** Service of Remembrance rules the page and the banner share (spec 1, sections 2.4, 4 and 9). */

/** The banner invites organizations that finished at least this many videos this year. */
export const SOR_BANNER_THRESHOLD = 10;
/** The count is kept in the browser for an hour. */
export const SOR_COUNT_TTL_MS = 3600_000;
export const SOR_COUNT_STORAGE_KEY = 'sor.videoCount';

const pad = (n: number) => String(n).padStart(2, '0');
export const dayText = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** 1 January of this year to today. */
export function defaultRange(now: Date): { start: string; end: string } {
  return { start: `${now.getFullYear()}-01-01`, end: dayText(now) };
}

/** YYYY-MM-DD texts compare as dates; both must be filled in and in order. */
export const rangeIsValid = (start: string, end: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && start <= end;

interface CachedCount {
  userId: number;
  count: number;
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The cached count for this user, unless it is older than an hour or unreadable. */
export function readCachedCount(store: Store, userId: number, now: number): number | undefined {
  try {
    const cached = JSON.parse(store.getItem(SOR_COUNT_STORAGE_KEY) ?? 'null') as CachedCount | null;
    if (!cached || cached.userId !== userId || typeof cached.count !== 'number') return undefined;
    return now - cached.at < SOR_COUNT_TTL_MS && now >= cached.at ? cached.count : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedCount(store: Store, userId: number, count: number, now: number): void {
  try {
    store.setItem(SOR_COUNT_STORAGE_KEY, JSON.stringify({ userId, count, at: now } satisfies CachedCount));
  } catch {
    // Private windows may refuse storage: the count is fetched again next time.
  }
}
