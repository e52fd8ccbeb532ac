/** What an IntersectionObserver entry of the inline progress bar tells: whether it is in view and where its top is. */
export type BarCrossing = Pick<IntersectionObserverEntry, 'isIntersecting'> & { boundingClientRect: { top: number } };

/**
 * Where the fixed copy of the upload progress goes (below a top bar `top` px high), or null when the inline bar is in
 * view or below it. A busy page (thirty photos decoding while they upload) gets several crossings in one observer
 * call, oldest first: the last is where the bar is now. Reading the first left the copy pinned after a scroll back
 * to the top.
 */
export function pinnedAt(entries: readonly BarCrossing[], top: number): number | null {
  const entry = entries[entries.length - 1];
  if (!entry) return null;
  return !entry.isIntersecting && entry.boundingClientRect.top < top ? top : null;
}
