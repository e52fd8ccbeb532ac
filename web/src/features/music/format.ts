/** Lengths as the music page shows them (spec 1 section 2.7): M:SS, rounded to the second. */
export function formatLength(seconds: number): string {
  const total = Math.round(Math.max(0, Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Seconds per slide as the field shows the server's value: at most two decimals, no trailing zeros. */
export const slideTimeText = (seconds: number): string => String(Math.round(seconds * 100) / 100);
