export type SortKey = 'id' | 'organizationName' | 'title' | 'dateInQueue' | 'viewed';

export interface SortOption {
  key: SortKey;
  label: string;
  descending: boolean;
}

/** Spec 1, 9: the sort choices with their natural directions. */
export const SORT_OPTIONS: SortOption[] = [
  { key: 'id', label: 'Project Start', descending: true },
  { key: 'organizationName', label: 'Organization', descending: false },
  { key: 'title', label: 'Video Title', descending: false },
  { key: 'dateInQueue', label: 'Last Generated', descending: true },
  { key: 'viewed', label: 'Views', descending: true },
];

export const DEFAULT_SORT: SortKey = 'id';

export interface SortableVideo {
  id: number;
  title: string;
  organizationName: string;
  dateInQueue: string | null;
  viewed: number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function ascending(key: SortKey, a: SortableVideo, b: SortableVideo): number {
  switch (key) {
    case 'id':
      return a.id - b.id;
    case 'viewed':
      return a.viewed - b.viewed;
    case 'dateInQueue':
      return Date.parse(a.dateInQueue as string) - Date.parse(b.dateInQueue as string);
    case 'title':
    case 'organizationName':
      return collator.compare(a[key], b[key]);
  }
}

/**
 * The comparator for a sort choice. Reverse Sort flips the direction; unfinished videos have no generation date
 * and stay last under 'Last Generated' either way. Ties fall back to the newest project first (oldest when reversed).
 */
export function compareVideos(key: SortKey, reverse: boolean): (a: SortableVideo, b: SortableVideo) => number {
  const option = SORT_OPTIONS.find((o) => o.key === key) ?? SORT_OPTIONS[0];
  const sign = (option.descending ? -1 : 1) * (reverse ? -1 : 1);
  return (a, b) => {
    if (key === 'dateInQueue' && !a.dateInQueue !== !b.dateInQueue) return a.dateInQueue ? -1 : 1;
    const primary = key === 'dateInQueue' && !a.dateInQueue ? 0 : ascending(key, a, b);
    return primary !== 0 ? sign * primary : (reverse ? -1 : 1) * (b.id - a.id);
  };
}

export const sortVideos = <T extends SortableVideo>(videos: T[], key: SortKey, reverse: boolean): T[] =>
  [...videos].sort(compareVideos(key, reverse));
