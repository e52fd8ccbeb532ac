import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { bodyOf, clientMeta } from '../http/request.ts';
import { finalizeService } from '../services/finalize.service.ts';

/** POST /orders/create: the finalize page's form (video_code, stock_eula '1' or '0'). */
export function ordersRoutes(deps: Deps): Router {
  const router = new Router();
  const finalize = finalizeService({
    videos: deps.repos.videos,
    inputs: deps.render.inputs,
    inputsRepo: deps.render.inputsRepo,
    activity: deps.repos.activityLogs,
    send: (name, data, options) => deps.render.send(name, data, options),
  });

  router.post('/orders/create', async (ctx) => {
    const body = bodyOf(ctx);
    const code = typeof body.video_code === 'string' ? body.video_code : '';
    const video = code ? await deps.repos.videos.findByCode(code) : undefined;
    if (!video || video.deleted_at) throw notFound();
    const access = await deps.access.check(ctx, video.id, 'manage');
    const eula = body.stock_eula === '1' || body.stock_eula === 1 || body.stock_eula === true || body.stock_eula === 'true';
    ctx.body = await finalize.finalize(access, eula, clientMeta(ctx));
  });

  return router;
}
