import type { PageRoute } from '../../app/route-types.ts';
import { StockSongsPage } from './StockSongsPage.tsx';

export const STOCK_SONGS_ROUTES: PageRoute[] = [{ path: '/settings/stock_songs', title: 'Stock Songs', audience: 'super', component: StockSongsPage }];
