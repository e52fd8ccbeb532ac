import type { PageRoute } from '../../app/route-types.ts';
import { MusicPage } from './MusicPage.tsx';

export { formatLength } from './format.ts';

/** The creator Music step. */
export const MUSIC_ROUTES: PageRoute[] = [{ path: '/creator/:videoAuthOrId/music', title: 'Music', audience: 'public', component: MusicPage }];
