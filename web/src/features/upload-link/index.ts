import type { PageRoute } from '../../app/route-types.ts';
import { UploadLinkPage } from './UploadLinkPage.tsx';

/** The creator Upload Link step (spec 1, sections 2.1 and 2.5). */
export const UPLOAD_LINK_ROUTES: PageRoute[] = [{ path: '/creator/:videoId/link', title: 'Upload Link', audience: 'user', component: UploadLinkPage }];
