/** Lower case without accents, so 'jose' finds 'José' and 'CHLOE' finds 'Chloé'. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

/** The title filter's terms: the input split on spaces, empty pieces dropped. */
export const filterTerms = (filter: string): string[] => foldText(filter).split(/\s+/).filter(Boolean);

/** Spec 1, 5: a video matches only if its title contains every term, ignoring case and accents. */
export function matchesTitle(title: string, terms: string[]): boolean {
  const folded = foldText(title);
  return terms.every((term) => folded.includes(term));
}

export function filterByTitle<T extends { title: string }>(videos: T[], filter: string): T[] {
  const terms = filterTerms(filter);
  return terms.length === 0 ? videos : videos.filter((v) => matchesTitle(v.title, terms));
}
