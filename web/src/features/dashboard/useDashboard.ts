import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDashboard, type Order, type VideoListItem } from '../../api/index.ts';
import { busyColumn, failedColumn, initialColumn, loadedColumn, type Column } from './column.ts';

export type { Column } from './column.ts';

/** Spec 1, 9: the dashboard pages by 10 (Load More itself follows the server's has_more). */
export const DASHBOARD_PAGE_SIZE = 10;

/** Both columns load together at first; Load More then fetches the next page of one column only. */
export function useDashboard(userId: number) {
  const [videos, setVideos] = useState<Column<VideoListItem>>(initialColumn);
  const [orders, setOrders] = useState<Column<Order>>(initialColumn);
  const pages = useRef({ videos: 0, orders: 0 });

  useEffect(() => {
    const abort = new AbortController();
    fetchDashboard(userId, { limit: DASHBOARD_PAGE_SIZE, videosPage: 1, ordersPage: 1 }, abort.signal).then(
      (data) => {
        pages.current = { videos: 1, orders: 1 };
        setVideos((c) => loadedColumn(c, 1, data.videos, data.hasMore.videos ?? false));
        setOrders((c) => loadedColumn(c, 1, data.orders, data.hasMore.orders ?? false));
      },
      () => {
        if (abort.signal.aborted) return;
        setVideos(failedColumn);
        setOrders(failedColumn);
      },
    );
    return () => abort.abort();
  }, [userId]);

  const loadMore = useCallback(
    async (only: 'videos' | 'orders') => {
      const page = pages.current[only] + 1;
      if (only === 'videos') setVideos(busyColumn);
      else setOrders(busyColumn);
      try {
        const data = await fetchDashboard(userId, {
          limit: DASHBOARD_PAGE_SIZE,
          only,
          videosPage: only === 'videos' ? page : undefined,
          ordersPage: only === 'orders' ? page : undefined,
        });
        pages.current[only] = page;
        const hasMore = data.hasMore[only] ?? false;
        if (only === 'videos') setVideos((c) => loadedColumn(c, page, data.videos, hasMore));
        else setOrders((c) => loadedColumn(c, page, data.orders, hasMore));
      } catch {
        if (only === 'videos') setVideos(failedColumn);
        else setOrders(failedColumn);
      }
    },
    [userId],
  );

  return { videos, orders, loadMore };
}
