import type { WireDashboard, WireOrder, WireOrderDetail } from '../../../server/src/wire/dashboard.ts';
import { getJson } from './http.ts';
import type { Camelized } from './types.ts';

export type Dashboard = Camelized<WireDashboard>;
export type Order = Camelized<WireOrder>;
export type OrderDetail = Camelized<WireOrderDetail>;

export interface DashboardQuery {
  limit: number;
  ordersPage?: number;
  videosPage?: number;
  only?: 'orders' | 'videos';
}

/** Not cached, and no error dialog: the dashboard shows what it could load. */
export function fetchDashboard(userId: number, query: DashboardQuery, signal?: AbortSignal): Promise<Dashboard> {
  return getJson<Dashboard>(
    `/r/users/${userId}/dashboard_data`,
    { limit: query.limit, orders_page: query.ordersPage, videos_page: query.videosPage, only: query.only },
    { alertErrors: false, signal },
  );
}
