import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The global search's results (spec 1 section 2.11); the top bar's search box appears once this route exists. */
export const SEARCH_ROUTES: PageRoute[] = [{ path: '/search', title: 'Search', audience: 'super', component: lazyPage(() => import('./SearchPage.tsx'), 'SearchPage') }];
