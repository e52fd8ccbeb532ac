/** Pure helpers of the search results page (spec 1 section 2.11); format.test.ts covers them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An identifier of UUID form is shortened to its first 9 characters plus an ellipsis; others show whole. */
export function shortenId(id: string | number): string {
  const text = String(id);
  return UUID.test(text) ? `${text.slice(0, 9)}…` : text;
}

const ACRONYMS = new Set(['id', 'url', 'uuid', 'hd', 'dvd', 'sms']);

/** A field name as a heading: 'created_at' and 'createdAt' both read 'Created At'; 'video_id' reads 'Video ID'. */
export function humanize(field: string): string {
  return field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ');
}

/** The runtimes table's time: seconds with 3 decimals, 'ERROR' on error, '...' while pending. */
export type SourceState<T> = { status: 'pending' } | { status: 'error'; message: string } | { status: 'done'; result: T };

export function formatRuntime(state: SourceState<{ runtime: number }>): string {
  if (state.status === 'pending') return '...';
  if (state.status === 'error') return 'ERROR';
  return state.result.runtime.toFixed(3);
}

/** Rows flagged deleted with true, 1 or '1' are struck through. */
export const isDeleted = (flag: unknown): boolean => flag === true || flag === 1 || flag === '1';

/**
 * Spec 1 section 4: sections show in order and stop at the first source still loading, until the search timeout
 * has passed; after it, loading sources show their heading with a spinner and later ones show as they arrive.
 * Answers how many sections (from the start, in order) the page shows.
 */
export function shownCount(states: readonly SourceState<unknown>[], timedOut: boolean): number {
  if (timedOut) return states.length;
  const firstPending = states.findIndex((state) => state.status === 'pending');
  return firstPending === -1 ? states.length : firstPending;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A plain cell's text: Yes or No for flags, a time as 'YYYY-MM-DD HH:MM' (UTC), nothing for no value. */
export function cellText(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_TIME.test(value)) return `${value.slice(0, 10)} ${value.slice(11, 16)}`;
  return String(value);
}
