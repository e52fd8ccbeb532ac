import type { PageRoute } from '../../app/route-types.ts';
import { CustomThemeEditorPage } from './CustomThemeEditorPage.tsx';

export { CustomThemeDialog } from './CustomThemeDialog.tsx';

/** The custom theme editor: a bare page, shown in a frame inside the theme picker (spec 1, section 2.3). */
export const CUSTOM_THEME_ROUTES: PageRoute[] = [
  { path: '/custom_themes/:customThemeId/edit/:videoId/:themeId', title: 'Custom Theme', audience: 'user', component: CustomThemeEditorPage, bare: true },
];
