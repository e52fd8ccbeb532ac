import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const DASHBOARD_ROUTES: PageRoute[] = [{ path: '/dashboard', title: 'Dashboard', audience: 'user', component: lazyPage(() => import('./DashboardPage.tsx'), 'DashboardPage') }];
