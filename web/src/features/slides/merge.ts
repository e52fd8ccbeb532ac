/** How server replies update the local slide list (spec 2 section 4 "Slide loading", "Busy flag"). */
export interface Identified {
  id: number;
}

/**
 * A fresh server list replaces the local one, except that a busy slide keeps its local version: a busy slide
 * ignores further updates until its own call completes.
 */
export function mergeServerList<T extends Identified>(local: readonly T[], server: readonly T[], busy: ReadonlySet<number>): T[] {
  if (!busy.size) return [...server];
  const mine = new Map(local.map((s) => [s.id, s]));
  return server.map((s) => (busy.has(s.id) ? (mine.get(s.id) ?? s) : s));
}

/** Slides returned by an action replace their local copies in place. */
export function replaceSlides<T extends Identified>(local: readonly T[], updated: readonly T[]): T[] {
  const byId = new Map(updated.map((s) => [s.id, s]));
  return local.map((s) => byId.get(s.id) ?? s);
}

export function orderSlides<T extends Identified>(local: readonly T[], order: readonly number[]): T[] {
  const byId = new Map(local.map((s) => [s.id, s]));
  const placed = order.map((id) => byId.get(id)).filter((s): s is T => s !== undefined);
  const named = new Set(order);
  return [...placed, ...local.filter((s) => !named.has(s.id))];
}
