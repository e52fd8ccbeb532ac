import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { intParam } from '../http/request.ts';
import { requireUser } from '../http/session.ts';
import { dashboardService, type DashboardQuery } from '../services/dashboard.service.ts';

/** Optional positive integer from the query string; anything else is a bad request. */
function optionalInt(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = intParam(value);
  if (Number.isNaN(n) || n < 0) throw new AppError(400, `${name} must be a whole number.`);
  return n;
}

export function dashboardRoutes(deps: Deps): Router {
  const router = new Router();
  const dashboard = dashboardService(deps.repos.users, deps.repos.videoList, deps.repos.orders);

  router.get('/r/users/:userId/dashboard_data', async (ctx) => {
    const user = requireUser(ctx);
    const only = ctx.query.only;
    if (only !== undefined && only !== 'orders' && only !== 'videos') throw new AppError(400, 'only must be orders or videos.');
    const query: DashboardQuery = {
      limit: optionalInt(ctx.query.limit, 'limit'),
      ordersPage: optionalInt(ctx.query.orders_page, 'orders_page'),
      videosPage: optionalInt(ctx.query.videos_page, 'videos_page'),
      only,
    };
    const owner = await dashboard.owner(user, intParam(ctx.params.userId));
    const organizationId = owner.organization_id;
    await deps.answers.send(ctx, {
      call: 'dashboard',
      // Its videos and orders (with their videos' covers) are the organization's; the order lines name products.
      scopes: [`org:${organizationId ?? 0}`, 'products:0'],
      facets: [organizationId, user.role === 'super', query],
      build: () => dashboard.read(user, owner, query),
    });
  });

  return router;
}
