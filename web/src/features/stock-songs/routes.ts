import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const STOCK_SONGS_ROUTES: PageRoute[] = [{ path: '/settings/stock_songs', title: 'Stock Songs', audience: 'super', component: lazyPage(() => import('./StockSongsPage.tsx'), 'StockSongsPage') }];
