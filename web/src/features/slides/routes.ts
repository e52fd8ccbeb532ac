import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';
import { CREATOR_SLIDES_PATH, SHORT_SLIDE_PATH } from './editor/paths.ts';

/** The creator Slides step; /slides/{id} and /new_text open over the grid, so one route keeps the grid mounted. */
export const SLIDES_ROUTES: PageRoute[] = [
  { path: CREATOR_SLIDES_PATH, title: 'Slides', audience: 'public', component: lazyPage(() => import('./SlidesPage.tsx'), 'SlidesPage') },
  // The short editor addresses /slides/{id}[/{tool}] (signed-in users; family links use the creator form).
  { path: SHORT_SLIDE_PATH, title: 'Slides', audience: 'user', component: lazyPage(() => import('./editor/ShortSlidePage.tsx'), 'ShortSlidePage') },
];
