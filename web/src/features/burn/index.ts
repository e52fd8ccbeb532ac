import type { PageRoute } from '../../app/route-types.ts';
import { BurnWindowPage } from './BurnWindowPage.tsx';

export { ExtensionClient, helperErrorText } from './extension-client.ts';
export { canOpenWindow, readiness, type Readiness } from './versions.ts';
export { useBurnTools, type BurnTools } from './useBurnTools.ts';

/** The burn window (spec 3 section 2.6): a popup of the extension's, without the app's bars. */
export const BURN_ROUTES: PageRoute[] = [{ path: '/burn/:videoId', title: 'Burn DVD', audience: 'user', component: BurnWindowPage, bare: true }];
