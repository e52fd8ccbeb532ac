import { AUTH_ROUTES } from '../features/auth/index.ts';
import { OUTBOX_ROUTES } from '../features/outbox/index.ts';
import { DASHBOARD_ROUTES } from '../features/dashboard/index.ts';
import { VIDEOS_ROUTES } from '../features/videos/index.ts';
import { ACCOUNT_ROUTES } from '../features/account/index.ts';
import { SETTINGS_ROUTES } from '../features/settings/index.ts';
import { SLIDES_ROUTES } from '../features/slides/index.ts';
import { SLIDE_PAGES_ROUTES } from '../features/slide-pages/index.ts';
import { MUSIC_ROUTES } from '../features/music/index.ts';
import { FINALIZE_ROUTES } from '../features/finalize/index.ts';
import { PREVIEW_ROUTES } from '../features/preview/index.ts';
import { DETAILS_ROUTES } from '../features/details/index.ts';
import { ORDERS_ROUTES } from '../features/orders/index.ts';
import { VIDEO_ADMIN_ROUTES } from '../features/details/admin/index.ts';
import { ACTIVITY_LOG_ROUTES } from '../features/activity-logs/index.ts';
import { UPLOAD_LINK_ROUTES } from '../features/upload-link/index.ts';
import { FAMILY_ROUTES } from '../features/family/index.ts';
import { SOR_ROUTES } from '../features/sor/index.ts';
import { STOCK_SONGS_ROUTES } from '../features/stock-songs/index.ts';
import { SETUP_ROUTES } from '../features/setup/index.ts';
import { CUSTOM_THEME_ROUTES } from '../features/custom-themes/index.ts';
import { BURN_ROUTES } from '../features/burn/index.ts';
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
  ...BURN_ROUTES,
];

export const NOT_FOUND: PageRoute = { path: '*', title: 'Page not found', audience: 'public', component: NotFoundPage };
