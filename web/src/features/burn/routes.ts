import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The burn window (spec 3 section 2.6): a popup of the extension's, without the app's bars. */
export const BURN_ROUTES: PageRoute[] = [{ path: '/burn/:videoId', title: 'Burn DVD', audience: 'user', component: lazyPage(() => import('./BurnWindowPage.tsx'), 'BurnWindowPage'), bare: true }];
