import type { PageRoute } from '../../app/route-types.ts';
import { VideosPage } from './VideosPage.tsx';

export { VideoRow, videoHref } from './VideoRow.tsx';
export { useStoredBoolean } from './useStoredBoolean.ts';

export const VIDEOS_ROUTES: PageRoute[] = [{ path: '/videos', title: 'Videos', audience: 'user', component: VideosPage }];
