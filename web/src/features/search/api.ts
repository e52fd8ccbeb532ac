import type { WireSearchResult } from '../../../../server/src/wire/search.ts';
import { getJson, type Camelized } from '../../api/index.ts';

export type SearchResult = Camelized<WireSearchResult>;
export type SearchRow = SearchResult['rows'][number];
export type SearchCell = SearchRow['cells'][number];

/** One source's rows (GET /search/search); errors are shown in the source's section, not as an alert. */
export const fetchSearchSource = (source: string, words: string, signal: AbortSignal) =>
  getJson<SearchResult>('/search/search', { source, words }, { alertErrors: false, signal });
