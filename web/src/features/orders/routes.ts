import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** Ordering copies: the order page that finalizes (spec 1 section 2.1) and ordering later (spec 3 section 2.1). */
export const ORDERS_ROUTES: PageRoute[] = [
  { path: '/creator/:videoAuthOrId/order', title: 'Finalize video', audience: 'public', component: lazyPage(() => import('./OrderPage.tsx'), 'OrderPage') },
  // Public: staff order for their videos here, and anyone else gets the retail form the player's Buy a DVD opens.
  { path: '/orders/hard_copies/:videoCode', title: 'Order Hard Copies', audience: 'public', component: lazyPage(() => import('./HardCopiesPage.tsx'), 'HardCopiesPage') },
];
