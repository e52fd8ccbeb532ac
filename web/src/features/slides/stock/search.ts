import { stockSearchWords } from '../../../../../common/stock-search.ts';

/**
 * Spec 2 section 5: whitespace-separated words, each matching the start of a word in the searched text, ignoring
 * case (and accents, as the music search does).
 */
export function matchesWords(query: string, ...fields: string[]): boolean {
  const terms = stockSearchWords(query);
  if (!terms.length) return true;
  const words = stockSearchWords(fields.join(' '));
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
