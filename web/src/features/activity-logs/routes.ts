import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

/** Super users' activity log (spec 3 section 2.1: /activity_logs with filters user_id, ip and video_id). */
export const ACTIVITY_LOG_ROUTES: PageRoute[] = [{ path: '/activity_logs', title: 'Activity Logs', audience: 'super', component: lazyPage(() => import('./ActivityLogsPage.tsx'), 'ActivityLogsPage') }];
