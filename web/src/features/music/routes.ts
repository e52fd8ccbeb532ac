import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The creator Music step. */
export const MUSIC_ROUTES: PageRoute[] = [{ path: '/creator/:videoAuthOrId/music', title: 'Music', audience: 'public', component: lazyPage(() => import('./MusicPage.tsx'), 'MusicPage') }];
