import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';
import { INSTALL_GUIDE_PATH } from './install/install-guide-path.ts';

/** The burn window (spec 3 section 2.6): a popup of the extension's, without the app's bars; the tool's install guide. */
export const BURN_ROUTES: PageRoute[] = [
  { path: '/burn/:videoId', title: 'Burn DVD', audience: 'user', component: lazyPage(() => import('./BurnWindowPage.tsx'), 'BurnWindowPage'), bare: true },
  /** The install guide at /denim itself (the downloads are below it; server/src/http/static.ts PREFIX_PAGES). */
  { path: INSTALL_GUIDE_PATH, title: 'Install the DVD burning tool', audience: 'public', component: lazyPage(() => import('./install/InstallGuidePage.tsx'), 'InstallGuidePage') },
];
