import type { PageRoute } from '../../app/route-types.ts';
import { AccountSettingsPage } from './AccountSettingsPage.tsx';

export const ACCOUNT_ROUTES: PageRoute[] = [
  { path: '/organizations/account_settings', title: 'Account Settings', audience: 'user', component: AccountSettingsPage },
];
