import type { PageRoute } from '../../../app/route-types.ts';
import { ResourcesPage } from './ResourcesPage.tsx';

export { AdminDetails } from './AdminDetails.tsx';
export { AdminOptions } from './AdminOptions.tsx';

/** The super users' page of a video's files (spec 3 section 2.1: /videos/{id}/resources). */
export const VIDEO_ADMIN_ROUTES: PageRoute[] = [{ path: '/videos/:id/resources', title: 'Video Resources', audience: 'super', component: ResourcesPage }];
