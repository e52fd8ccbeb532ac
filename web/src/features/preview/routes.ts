import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The creator Preview step (spec 1 section 2.1); the dialog itself is also opened from the details page. */
export const PREVIEW_ROUTES: PageRoute[] = [{ path: '/creator/:videoAuthOrId/preview', title: 'Preview', audience: 'public', component: lazyPage(() => import('./PreviewPage.tsx'), 'PreviewPage') }];
