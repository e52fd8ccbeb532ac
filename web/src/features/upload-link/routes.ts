import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The creator Upload Link step (spec 1, sections 2.1 and 2.5). */
export const UPLOAD_LINK_ROUTES: PageRoute[] = [{ path: '/creator/:videoId/link', title: 'Upload Link', audience: 'user', component: lazyPage(() => import('./UploadLinkPage.tsx'), 'UploadLinkPage') }];
