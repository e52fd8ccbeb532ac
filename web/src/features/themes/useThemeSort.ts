import { useState } from 'react';
import { DEFAULT_SORT, isThemeSort, SORT_STORAGE_KEY, type ThemeSort } from './theme-sort.ts';

function stored(): ThemeSort {
  try {
    const value = window.localStorage.getItem(SORT_STORAGE_KEY);
    return isThemeSort(value) ? value : DEFAULT_SORT;
  } catch {
    return DEFAULT_SORT;
  }
}

/** The picker's sort, remembered in localStorage creator.sort (spec 1, section 3 "Saved local settings"). */
export function useThemeSort(): [ThemeSort, (sort: ThemeSort) => void] {
  const [sort, setSort] = useState<ThemeSort>(stored);
  const choose = (next: ThemeSort) => {
    setSort(next);
    try {
      window.localStorage.setItem(SORT_STORAGE_KEY, next);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this visit.
    }
  };
  return [sort, choose];
}
