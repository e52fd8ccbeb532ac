import { useEffect, useState } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100];
export const SEARCH_DELAY_MS = 300;

/** Search text (applied 300 ms after typing stops), page and page size of a searchable list. */
export function useListState(initialPerPage = 25) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPageState] = useState(initialPerPage);

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  return {
    typed,
    setTyped,
    search,
    page,
    setPage,
    perPage,
    setPerPage(next: number) {
      setPerPageState(next);
      setPage(0);
    },
    /** For filters beside the search: a new filter starts again at the first page. */
    resetPage: () => setPage(0),
  };
}

export type ListState = ReturnType<typeof useListState>;
