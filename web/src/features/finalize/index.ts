import type { PageRoute } from '../../app/route-types.ts';
import { FinalizePage } from './FinalizePage.tsx';
import { StockMusicEulaPage } from './StockMusicEulaPage.tsx';

export type { OrderReply } from './api.ts';
export { FinalizeGate, FinalizeProgress, useFinalizeSubmit } from './FinalizeShell.tsx';
export { StockEulaAgreement } from './StockEulaAgreement.tsx';

/** The creator Finalize step (spec 1 section 2.6) and the stock music licence it links to. */
export const FINALIZE_ROUTES: PageRoute[] = [
  { path: '/creator/:videoAuthOrId/finalize', title: 'Finalize video', audience: 'public', component: FinalizePage },
  { path: '/orders/stock_music_eula', title: 'Stock Music License Agreement', audience: 'public', component: StockMusicEulaPage },
];
