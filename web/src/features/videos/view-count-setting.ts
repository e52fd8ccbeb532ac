import { useStoredBoolean } from './useStoredBoolean.ts';

/** Spec 1 section 3 and spec 3 section 3: whether view counts show, remembered locally, on by default. */
export const SHOW_VIEW_COUNT_KEY = 'videos.list.showViewCount';

/** The one setting behind the list's Show Views switch and the details card's Views row. */
export const useShowViewCount = (): [boolean, (value: boolean) => void] => useStoredBoolean(SHOW_VIEW_COUNT_KEY, true);
