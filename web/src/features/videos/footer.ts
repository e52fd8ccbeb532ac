const plural = (n: number) => `${n.toLocaleString()} video${n === 1 ? '' : 's'}`;

/** The videos list's footer (spec 1, 2.9): 'N of M videos' whenever a filter is on, even one that matches every video. */
export function footerText(loading: boolean, shown: number, total: number, filtered: boolean): string {
  if (loading) return 'Loading...';
  if (shown === 0) return 'No videos found.';
  return filtered ? `${shown.toLocaleString()} of ${plural(total)}` : plural(total);
}
