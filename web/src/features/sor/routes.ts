import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** Service of Remembrance (spec 1, section 2.4). */
export const SOR_ROUTES: PageRoute[] = [{ path: '/sor', title: 'Service of Remembrance', audience: 'user', component: lazyPage(() => import('./SorPage.tsx'), 'SorPage') }];
