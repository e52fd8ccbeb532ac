import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { activityLogService } from '../services/activity-log.service.ts';
import type { WireActivityLog } from '../wire/activity-log.ts';
import { superUserOnly } from './video-admin.routes.ts';

/** GET /activity_logs.json?video_id=&user_id=&ip=&limit= (super users; the /activity_logs page and Recent Activity). */
export function activityLogsRoutes(deps: Deps): Router {
  const router = new Router();
  const logs = activityLogService(deps.repos.activityLogs);

  router.get('/activity_logs.json', async (ctx) => {
    superUserOnly(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await logs.list(ctx.query)) satisfies WireActivityLog;
  });

  return router;
}
