import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** The creator Finalize step (spec 1 section 2.6) and the stock music licence it links to. */
export const FINALIZE_ROUTES: PageRoute[] = [
  { path: '/creator/:videoAuthOrId/finalize', title: 'Finalize video', audience: 'public', component: lazyPage(() => import('./FinalizePage.tsx'), 'FinalizePage') },
  { path: '/orders/stock_music_eula', title: 'Stock Music License Agreement', audience: 'public', component: lazyPage(() => import('./StockMusicEulaPage.tsx'), 'StockMusicEulaPage') },
];
