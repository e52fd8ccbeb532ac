import type { PageRoute } from '../../app/route-types.ts';
import { DetailsPage } from './DetailsPage.tsx';

export { useVideoDetails, type VideoDetails } from './api.ts';
export { burnBrowser, burnSystem, BURN_COMPATIBILITY_NOTE, BURN_SYSTEMS } from './burn-compat.ts';

/** The video details page (spec 3 section 2.1). */
export const DETAILS_ROUTES: PageRoute[] = [{ path: '/videos/:id/details', title: 'Video Details', audience: 'user', component: DetailsPage }];