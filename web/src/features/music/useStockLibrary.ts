import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { favoriteStockSong, fetchStockList, STOCK_LIST_KEY, useMe } from '../../api/index.ts';
import { refreshWhilePreparing } from '../../ui/index.ts';
import { withFavorite } from './stock-browse.ts';

/** The stock library, loaded the first time the music dialog opens; stars are keyed on who is signed in. */
export function useStockLibrary(open: boolean) {
  const { user } = useMe();
  const { data, error, isLoading, mutate } = useSWR(open ? [STOCK_LIST_KEY, user?.id ?? 0] : null, () => fetchStockList(), {
    revalidateOnFocus: false,
    keepPreviousData: true,
    // On a new installation songs are still being made: they join the list as they finish.
    refreshInterval: refreshWhilePreparing,
  });
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  /** Spec 1 section 4: the star is pending during the call, then shows what the server answered. */
  const setFavorite = useCallback(
    async (stockSongId: number, favorite: boolean) => {
      setPending((p) => new Set(p).add(stockSongId));
      try {
        const reply = await favoriteStockSong(stockSongId, favorite);
        await mutate((list) => list && withFavorite(list, stockSongId, reply.favorite), { revalidate: false });
      } catch {
        // The alert dialog has shown the server's message; the star keeps its old state.
      } finally {
        setPending((p) => {
          const next = new Set(p);
          next.delete(stockSongId);
          return next;
        });
      }
    },
    [mutate],
  );

  return { list: data, error: error as Error | undefined, loading: isLoading, retry: () => void mutate(), pending, setFavorite };
}
