/** The Sort All Slides dialog's orders (spec 2 section 4 "Sort"). */
export type SortKind = 'filename' | 'uploadTime' | 'shuffle' | 'reverse';

export interface Sortable {
  id: number;
  origPath: string | null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The base name of a file path, compared case-insensitively with numbers by value (img2 before img10). */
const fileName = (s: Sortable) => (s.origPath ?? '').split(/[\\/]/).pop() ?? '';

export function sortByFilename<T extends Sortable>(slides: readonly T[]): T[] {
  return [...slides].sort((a, b) => {
    const an = fileName(a);
    const bn = fileName(b);
    if (!an !== !bn) return an ? -1 : 1;
    return collator.compare(an, bn) || a.id - b.id;
  });
}

export const sortByUploadTime = <T extends Sortable>(slides: readonly T[]): T[] => [...slides].sort((a, b) => a.id - b.id);

export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function sortSlides<T extends Sortable>(slides: readonly T[], kind: SortKind, keepFirst: boolean, random: () => number = Math.random): T[] {
  const head = keepFirst ? slides.slice(0, 1) : [];
  const rest = keepFirst ? slides.slice(1) : [...slides];
  const sorted =
    kind === 'filename' ? sortByFilename(rest) : kind === 'uploadTime' ? sortByUploadTime(rest) : kind === 'shuffle' ? shuffle(rest, random) : [...rest].reverse();
  return [...head, ...sorted];
}
