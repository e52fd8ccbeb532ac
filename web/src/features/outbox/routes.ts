import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const OUTBOX_ROUTES: PageRoute[] = [{ path: '/settings/outbox', title: 'Outbox', audience: 'super', component: lazyPage(() => import('./OutboxPage.tsx'), 'OutboxPage') }];
