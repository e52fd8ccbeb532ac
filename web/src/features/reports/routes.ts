import { REPORTS, type ReportName } from '../../../../common/reports.ts';
import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageComponent, PageRoute } from '../../app/route-types.ts';

// The two statistics pages carry the chart library; the four table pages share one small chunk without it.
const PAGES: Record<ReportName, PageComponent> = {
  sales_main: lazyPage(() => import('./SalesPage.tsx'), 'SalesPage'),
  production: lazyPage(() => import('./ProductionPage.tsx'), 'ProductionPage'),
  overdue_statements: lazyPage(() => import('./TablePages.tsx'), 'OverdueStatementsPage'),
  print_invoices: lazyPage(() => import('./TablePages.tsx'), 'PrintInvoicesPage'),
  affiliate_index: lazyPage(() => import('./TablePages.tsx'), 'AffiliateIndexPage'),
  collections: lazyPage(() => import('./TablePages.tsx'), 'CollectionsPage'),
};

/** The super drawer's statistics and reports (spec 1 section 2.10), super users only. */
export const REPORTS_ROUTES: PageRoute[] = REPORTS.map((r) => ({ path: r.path, title: r.title, audience: 'super', component: PAGES[r.name] }));
