import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const VIDEOS_ROUTES: PageRoute[] = [{ path: '/videos', title: 'Videos', audience: 'user', component: lazyPage(() => import('./VideosPage.tsx'), 'VideosPage') }];
