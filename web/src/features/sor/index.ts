import type { PageRoute } from '../../app/route-types.ts';
import { SorPage } from './SorPage.tsx';

export { SorBanner } from './SorBanner.tsx';

/** Service of Remembrance (spec 1, section 2.4). */
export const SOR_ROUTES: PageRoute[] = [{ path: '/sor', title: 'Service of Remembrance', audience: 'user', component: SorPage }];
