import type { PageRoute } from '../../app/route-types.ts';
import { DashboardPage } from './DashboardPage.tsx';

export { OrderLineStatus } from './OrderLineStatus.tsx';
export { orderStatus } from './orderStatus.ts';

export const DASHBOARD_ROUTES: PageRoute[] = [{ path: '/dashboard', title: 'Dashboard', audience: 'user', component: DashboardPage }];
