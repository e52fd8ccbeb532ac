import type { PageRoute } from '../../app/route-types.ts';
import { OutboxPage } from './OutboxPage.tsx';

export const OUTBOX_ROUTES: PageRoute[] = [{ path: '/settings/outbox', title: 'Outbox', audience: 'super', component: OutboxPage }];
