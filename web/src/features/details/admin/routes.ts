import { lazyPage } from '../../../app/lazy-page.tsx';
import type { PageRoute } from '../../../app/route-types.ts';

/** The super users' page of a video's files (spec 3 section 2.1: /videos/{id}/resources). */
export const VIDEO_ADMIN_ROUTES: PageRoute[] = [{ path: '/videos/:id/resources', title: 'Video Resources', audience: 'super', component: lazyPage(() => import('./ResourcesPage.tsx'), 'ResourcesPage') }];
