import { useEffect, useState } from 'react';
import { SEARCH_SOURCES, SEARCH_TIMEOUT_MS } from '../../../../common/search-sources.ts';
import { fetchSearchSource, type SearchResult } from './api.ts';
import type { SourceState } from './format.ts';

const pendingAll = (): SourceState<SearchResult>[] => SEARCH_SOURCES.map(() => ({ status: 'pending' }));

/**
 * Asks every source at once, each on its own, and keeps each answer as it arrives; a failing source ends in
 * its error while the others still come. `timedOut` turns true after the spec's search timeout.
 */
export function useSearchSources(words: string) {
  const [states, setStates] = useState(pendingAll);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    setStates(pendingAll());
    setTimedOut(false);
    if (!words) return;
    const abort = new AbortController();
    const settle = (index: number, state: SourceState<SearchResult>) => {
      if (!abort.signal.aborted) setStates((previous) => previous.map((old, i) => (i === index ? state : old)));
    };
    SEARCH_SOURCES.forEach(({ name }, index) => {
      fetchSearchSource(name, words, abort.signal).then(
        (result) => settle(index, { status: 'done', result }),
        (error: unknown) => settle(index, { status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    });
    const timer = setTimeout(() => setTimedOut(true), SEARCH_TIMEOUT_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [words]);

  return { states, timedOut };
}
