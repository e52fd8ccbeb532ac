import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const SETTINGS_ROUTES: PageRoute[] = [
  { path: '/settings/organizations', title: 'Organizations', audience: 'super', component: lazyPage(() => import('./organizations/OrganizationsPage.tsx'), 'OrganizationsPage') },
  { path: '/settings/brands', title: 'Brands', audience: 'super', component: lazyPage(() => import('./brands/BrandsPage.tsx'), 'BrandsPage') },
  { path: '/settings/users', title: 'Users', audience: 'super', component: lazyPage(() => import('./users/UsersPage.tsx'), 'UsersPage') },
  { path: '/settings/videos', title: 'Videos', audience: 'super', component: lazyPage(() => import('./videos/VideosPage.tsx'), 'VideosPage') },
];
