import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The video details page (spec 3 section 2.1). */
export const DETAILS_ROUTES: PageRoute[] = [{ path: '/videos/:id/details', title: 'Video Details', audience: 'user', component: lazyPage(() => import('./DetailsPage.tsx'), 'DetailsPage') }];
