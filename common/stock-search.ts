/**
 * The stock music search (spec 1, section 5): the query is split on whitespace and every word must match the
 * start of a word in the artist plus the song name, ignoring case (and accents, so 'jose' finds 'José').
 */

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const wordsOf = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The query's words, folded and split where the titles are split, so "O'Brien" finds O'Brien. */
export const stockSearchWords = (query: string): string[] => wordsOf(query);

/** True when every query word starts a word of `artist song`; an empty query matches everything. */
export function matchesStockSearch(query: string, song: { artistName: string; songName: string }): boolean {
  const words = wordsOf(`${song.artistName} ${song.songName}`);
  return stockSearchWords(query).every((term) => words.some((word) => word.startsWith(term)));
}
