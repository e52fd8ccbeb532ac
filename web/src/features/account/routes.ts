import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const ACCOUNT_ROUTES: PageRoute[] = [
  { path: '/organizations/account_settings', title: 'Account Settings', audience: 'user', component: lazyPage(() => import('./AccountSettingsPage.tsx'), 'AccountSettingsPage') },
];
