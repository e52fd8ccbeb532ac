import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { isSuper } from '../http/session.ts';
import { broadcastService } from '../services/broadcast.service.ts';

export function systemsRoutes(deps: Deps): Router {
  const router = new Router();
  const broadcasts = broadcastService(deps.repos.systemSettings);

  router.get('/r/systems/client_broadcast', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await broadcasts.reply();
  });

  router.post('/r/systems/client_broadcast', async (ctx) => {
    // Signed out or not super: the setting does not announce itself.
    if (!isSuper(ctx.state.auth.user)) throw new AppError(404, 'Not found');
    ctx.body = { success: true, ...(await broadcasts.set(bodyOf(ctx))) };
  });

  return router;
}
