import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The family's Finish step, reached through the upload link (spec 1, sections 2.1 and 2.5). */
export const FAMILY_ROUTES: PageRoute[] = [{ path: '/creator/:videoAuthOrId/finish', title: 'Finish', audience: 'public', component: lazyPage(() => import('./FinishPage.tsx'), 'FinishPage') }];
