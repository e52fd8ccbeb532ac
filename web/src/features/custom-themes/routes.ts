import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The custom theme editor: a bare page, shown in a frame inside the theme picker (spec 1, section 2.3). */
export const CUSTOM_THEME_ROUTES: PageRoute[] = [
  { path: '/custom_themes/:customThemeId/edit/:videoId/:themeId', title: 'Custom Theme', audience: 'user', component: lazyPage(() => import('./CustomThemeEditorPage.tsx'), 'CustomThemeEditorPage'), bare: true },
];
