import type { ThemeTile } from '../../api/index.ts';

/**
 * The theme search (spec 1, section 5): the text is split on whitespace and every word must match the start
 * of a word in the title or the tags, ignoring case (and accents, so 'cafe' finds 'Café').
 */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const wordsOf = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export const tagsOf = (tags: ThemeTile['tags']): string[] =>
  (Array.isArray(tags) ? tags : (tags ?? '').split(',')).map((t) => t.trim()).filter(Boolean);

export function matchesThemeSearch(query: string, theme: Pick<ThemeTile, 'themeTitle' | 'tags'>): boolean {
  const terms = wordsOf(query);
  if (terms.length === 0) return true;
  const words = wordsOf(`${theme.themeTitle ?? ''} ${tagsOf(theme.tags).join(' ')}`);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
