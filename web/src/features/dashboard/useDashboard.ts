import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDashboard, type Order, type VideoListItem } from '../../api/index.ts';

/** Spec 1, 9: the dashboard pages by 10, and Load More shows once 10 or more items are loaded. */
export const DASHBOARD_PAGE_SIZE = 10;

export interface Column<T> {
  items: T[];
  page: number;
  loading: boolean;
  failed: boolean;
  /** The last page came back short: there is nothing more to load. */
  exhausted: boolean;
}

const initial = <T>(): Column<T> => ({ items: [], page: 0, loading: true, failed: false, exhausted: false });

const loaded = <T>(column: Column<T>, page: number, items: T[]): Column<T> => ({
  items: page === 1 ? items : [...column.items, ...items],
  page,
  loading: false,
  failed: false,
  exhausted: items.length < DASHBOARD_PAGE_SIZE,
});

const busy = <T>(column: Column<T>): Column<T> => ({ ...column, loading: true });
const failed = <T>(column: Column<T>): Column<T> => ({ ...column, loading: false, failed: true });

/** Both columns load together at first; Load More then fetches the next page of one column only. */
export function useDashboard(userId: number) {
  const [videos, setVideos] = useState<Column<VideoListItem>>(initial);
  const [orders, setOrders] = useState<Column<Order>>(initial);
  const pages = useRef({ videos: 0, orders: 0 });

  useEffect(() => {
    const abort = new AbortController();
    fetchDashboard(userId, { limit: DASHBOARD_PAGE_SIZE, videosPage: 1, ordersPage: 1 }, abort.signal).then(
      (data) => {
        pages.current = { videos: 1, orders: 1 };
        setVideos((c) => loaded(c, 1, data.videos));
        setOrders((c) => loaded(c, 1, data.orders));
      },
      () => {
        if (abort.signal.aborted) return;
        setVideos(failed);
        setOrders(failed);
      },
    );
    return () => abort.abort();
  }, [userId]);

  const loadMore = useCallback(
    async (only: 'videos' | 'orders') => {
      const page = pages.current[only] + 1;
      if (only === 'videos') setVideos(busy);
      else setOrders(busy);
      try {
        const data = await fetchDashboard(userId, {
          limit: DASHBOARD_PAGE_SIZE,
          only,
          videosPage: only === 'videos' ? page : undefined,
          ordersPage: only === 'orders' ? page : undefined,
        });
        pages.current[only] = page;
        if (only === 'videos') setVideos((c) => loaded(c, page, data.videos));
        else setOrders((c) => loaded(c, page, data.orders));
      } catch {
        if (only === 'videos') setVideos(failed);
        else setOrders(failed);
      }
    },
    [userId],
  );

  return { videos, orders, loadMore };
}
