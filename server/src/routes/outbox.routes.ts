import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { intParam } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import { outboxService } from '../services/outbox.service.ts';

export function outboxRoutes(deps: Deps): Router {
  const router = new Router();
  const outbox = outboxService(deps.repos.outbox);

  router.get('/r/outbox', async (ctx) => {
    requireSuper(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await outbox.list({ q: ctx.query.q, page: intParam(ctx.query.page), perPage: intParam(ctx.query.per_page) });
  });

  return router;
}
