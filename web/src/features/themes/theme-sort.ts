import type { ThemeTile } from '../../api/index.ts';

/** Spec 1, section 4: the four sorts and their labels; the choice is kept in localStorage creator.sort. */
export type ThemeSort = 'recent' | 'popular' | 'alpha' | 'newest';

export const THEME_SORTS: { value: ThemeSort; label: string }[] = [
  { value: 'recent', label: 'Most Recently Used' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'alpha', label: 'Alphabetical' },
  { value: 'newest', label: 'Newest' },
];

export const SORT_STORAGE_KEY = 'creator.sort';
export const DEFAULT_SORT: ThemeSort = 'recent';

export const isThemeSort = (value: unknown): value is ThemeSort => THEME_SORTS.some((s) => s.value === value);

/** 'Theme #{id}' or 'Custom Theme #{id}' when the catalogue has no title for it (spec 1, section 3). */
export const themeLabel = (theme: Pick<ThemeTile, 'id' | 'themeTitle' | 'custom'>): string =>
  theme.themeTitle?.trim() || (theme.custom ? `Custom Theme #${theme.id}` : `Theme #${theme.id}`);

/** Position in an ordered id list; ids not in it come after every listed one. */
const rankIn = (ids: number[]) => {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return (id: number) => rank.get(id) ?? Number.POSITIVE_INFINITY;
};

const byRank = (rank: (id: number) => number) => (a: ThemeTile, b: ThemeTile) => {
  const ra = rank(a.id);
  const rb = rank(b.id);
  return ra === rb ? 0 : ra < rb ? -1 : 1;
};

const alphabetical = (a: ThemeTile, b: ThemeTile) =>
  themeLabel(a).localeCompare(themeLabel(b), undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** Sorted copy. Ties in recent and popular (themes never used or never chosen) fall back to popular, then A to Z. */
export function sortThemes(themes: ThemeTile[], sort: ThemeSort, popular: number[], recent: number[]): ThemeTile[] {
  const popularity = byRank(rankIn(popular));
  const recency = byRank(rankIn(recent));
  const order: Record<ThemeSort, (a: ThemeTile, b: ThemeTile) => number> = {
    recent: (a, b) => recency(a, b) || popularity(a, b) || alphabetical(a, b),
    popular: (a, b) => popularity(a, b) || alphabetical(a, b),
    alpha: alphabetical,
    newest: (a, b) => b.id - a.id,
  };
  return [...themes].sort(order[sort]);
}
