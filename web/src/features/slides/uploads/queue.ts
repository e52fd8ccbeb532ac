/** Files sent at the same time; the rest wait their turn in the order they were added. */
export const MAX_PARALLEL = 3;

/** macOS writes '._name' metadata files beside real ones on foreign disks; they are never slides (spec 2, 5). */
export const isIgnoredFile = (name: string): boolean => name.startsWith('._');

export interface QueueEntry {
  id: string;
  /** Waiting to send or sending. */
  waiting: boolean;
  /** Its upload object exists (the tus fingerprint has been looked up). */
  prepared: boolean;
  /** Holds one of the parallel slots (sending, or between automatic retries). */
  running: boolean;
}

/** Which entries start now: prepared waiting ones, oldest first, up to the free slots. */
export function nextToStart(entries: readonly QueueEntry[], maxParallel = MAX_PARALLEL): string[] {
  const free = maxParallel - entries.filter((e) => e.running).length;
  if (free <= 0) return [];
  return entries
    .filter((e) => e.waiting && e.prepared && !e.running)
    .slice(0, free)
    .map((e) => e.id);
}

/**
 * The local upload-limit check (spec 2, 5: the non-deleted slide count plus 1 must not exceed the limit), applied
 * to new files in order. `onServer` is the non-deleted slide count the server listed; `pending` counts this page's
 * earlier files the list cannot show yet (still loading or sending). Answers the ids that would break the limit.
 */
export function overLimit(limit: number, onServer: number, pending: number, newIds: readonly string[]): string[] {
  let used = onServer + pending;
  const refused: string[] = [];
  for (const id of newIds) {
    if (used + 1 > limit) refused.push(id);
    else used += 1;
  }
  return refused;
}
