import type { PageRoute } from '../../app/route-types.ts';
import { HardCopiesPage } from './HardCopiesPage.tsx';
import { OrderPage } from './OrderPage.tsx';

export { useVideoOrders, videoOrdersKey, type VideoOrder } from './api.ts';

/** Ordering copies: the order page that finalizes (spec 1 section 2.1) and ordering later (spec 3 section 2.1). */
export const ORDERS_ROUTES: PageRoute[] = [
  { path: '/creator/:videoAuthOrId/order', title: 'Finalize video', audience: 'public', component: OrderPage },
  { path: '/orders/hard_copies/:videoCode', title: 'Order Hard Copies', audience: 'user', component: HardCopiesPage },
];
