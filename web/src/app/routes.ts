import { AUTH_ROUTES } from '../features/auth/routes.ts';
import { OUTBOX_ROUTES } from '../features/outbox/routes.ts';
import { DASHBOARD_ROUTES } from '../features/dashboard/routes.ts';
import { VIDEOS_ROUTES } from '../features/videos/routes.ts';
import { ACCOUNT_ROUTES } from '../features/account/routes.ts';
import { SETTINGS_ROUTES } from '../features/settings/routes.ts';
import { SLIDES_ROUTES } from '../features/slides/routes.ts';
import { SLIDE_PAGES_ROUTES } from '../features/slide-pages/routes.ts';
import { MUSIC_ROUTES } from '../features/music/routes.ts';
import { FINALIZE_ROUTES } from '../features/finalize/routes.ts';
import { PREVIEW_ROUTES } from '../features/preview/routes.ts';
import { BILLING_ROUTES } from '../features/billing/routes.ts';
import { DETAILS_ROUTES } from '../features/details/routes.ts';
import { ORDERS_ROUTES } from '../features/orders/routes.ts';
import { VIDEO_ADMIN_ROUTES } from '../features/details/admin/routes.ts';
import { ACTIVITY_LOG_ROUTES } from '../features/activity-logs/routes.ts';
import { UPLOAD_LINK_ROUTES } from '../features/upload-link/routes.ts';
import { FAMILY_ROUTES } from '../features/family/routes.ts';
import { SOR_ROUTES } from '../features/sor/routes.ts';
import { STOCK_SONGS_ROUTES } from '../features/stock-songs/routes.ts';
import { SETUP_ROUTES } from '../features/setup/routes.ts';
import { CUSTOM_THEME_ROUTES } from '../features/custom-themes/routes.ts';
import { BURN_ROUTES } from '../features/burn/routes.ts';
import { SEARCH_ROUTES } from '../features/search/routes.ts';
import { REPORTS_ROUTES } from '../features/reports/routes.ts';
import type { PageRoute } from './route-types.ts';
import { HomeRedirect, NotFoundPage } from './fallback-pages.tsx';

/**
 * Every page of the app. Each feature exports its routes from its index.ts and is listed here;
 * a drawer link is added only with the page it points to, so no link is ever dead.
 */
export const ROUTES: PageRoute[] = [
  { path: '/', title: '', audience: 'public', component: HomeRedirect },
  ...AUTH_ROUTES,
  ...SETTINGS_ROUTES,
  ...STOCK_SONGS_ROUTES,
  ...ACCOUNT_ROUTES,
  ...OUTBOX_ROUTES,
  ...DASHBOARD_ROUTES,
  ...VIDEOS_ROUTES,
  ...SETUP_ROUTES,
  ...CUSTOM_THEME_ROUTES,
  ...SLIDES_ROUTES,
  ...SLIDE_PAGES_ROUTES,
  ...MUSIC_ROUTES,
  ...PREVIEW_ROUTES,
  ...FINALIZE_ROUTES,
  ...DETAILS_ROUTES,
  ...ORDERS_ROUTES,
  ...VIDEO_ADMIN_ROUTES,
  ...ACTIVITY_LOG_ROUTES,
  ...UPLOAD_LINK_ROUTES,
  ...FAMILY_ROUTES,
  ...SOR_ROUTES,
  ...BILLING_ROUTES,
  ...BURN_ROUTES,
  ...SEARCH_ROUTES,
  ...REPORTS_ROUTES,
];

export const NOT_FOUND: PageRoute = { path: '*', title: 'Page not found', audience: 'public', component: NotFoundPage };
