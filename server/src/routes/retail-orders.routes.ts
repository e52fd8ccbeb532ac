import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { bodyOf, clientMeta } from '../http/request.ts';
import { embedRepository } from '../repositories/embed.repository.ts';
import { loginAttemptRepository } from '../repositories/login-attempt.repository.ts';
import { retailOrderService } from '../services/retail-order.service.ts';

/**
 * The public order form behind the embedded player's Buy a DVD link (/orders/hard_copies/{videoCode} for someone
 * without a login): no session needed, the video code is the key, as for the player itself. The POST is JSON only
 * and the app's CSRF guard refuses it from another site; each address may place a few orders an hour.
 */
export function retailOrdersRoutes(deps: Deps): Router {
  const router = new Router();
  const retail = retailOrderService({ videos: deps.repos.videos, embed: embedRepository(deps.db), orders: deps.repos.orders, attempts: loginAttemptRepository(deps.db) });

  router.get('/r/orders/retail/:videoCode', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await retail.options(ctx.params.videoCode);
  });

  router.post('/r/orders/retail/:videoCode', async (ctx) => {
    if (!ctx.is('application/json')) ctx.throw(415, 'Send the order as JSON.');
    ctx.body = await retail.place(ctx.params.videoCode, bodyOf(ctx), clientMeta(ctx).ip);
  });

  return router;
}
