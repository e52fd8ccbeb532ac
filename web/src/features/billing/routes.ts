import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The drawer's Billing link (spec 1 section 2.10), for organizations whose billing flag is on. */
export const BILLING_ROUTES: PageRoute[] = [
  { path: '/reports/statement_history', title: 'Statement History', audience: 'user', component: lazyPage(() => import('./StatementHistoryPage.tsx'), 'StatementHistoryPage') },
];
