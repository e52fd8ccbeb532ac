import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { bodyOf, clientMeta, intParam } from '../http/request.ts';
import { finalizeService } from '../services/finalize.service.ts';
import { orderService } from '../services/order.service.ts';

/**
 * POST /orders/create: the finalize page's form (video_code, stock_eula '1' or '0'); from the order page also the
 * copies (lines) and the burn choice (auto_burn). Ordering copies later, and a video's orders. Every call is for
 * staff who manage the video: a family link, another organization's id and a missing id all answer 404.
 */
export function ordersRoutes(deps: Deps): Router {
  const router = new Router();
  const finalize = finalizeService({
    videos: deps.repos.videos,
    inputs: deps.render.inputs,
    inputsRepo: deps.render.inputsRepo,
    activity: deps.repos.activityLogs,
    send: (name, data, options) => deps.render.send(name, data, options),
  });
  const orders = orderService(deps.repos.orders);

  router.post('/orders/create', async (ctx) => {
    const body = bodyOf(ctx);
    const code = typeof body.video_code === 'string' ? body.video_code : '';
    const video = code ? await deps.repos.videos.findByCode(code) : undefined;
    if (!video || video.deleted_at) throw notFound();
    const access = await deps.access.check(ctx, video.id, 'manage');
    const eula = body.stock_eula === '1' || body.stock_eula === 1 || body.stock_eula === true || body.stock_eula === 'true';
    const ordering = body.lines !== undefined || body.auto_burn !== undefined;
    ctx.body = ordering
      ? await orders.finalizeAndOrder(access, { lines: body.lines, autoBurn: body.auto_burn, stockEula: eula }, finalize.finalize, clientMeta(ctx))
      : await finalize.finalize(access, eula, clientMeta(ctx));
  });

  // By video_id, or by video_code for /orders/hard_copies/{videoCode}.
  router.get('/r/orders/products', async (ctx) => {
    const code = typeof ctx.query.video_code === 'string' ? ctx.query.video_code : '';
    const byCode = code ? await deps.repos.videos.findByCode(code) : undefined;
    if (code && !byCode) throw notFound();
    const access = await deps.access.check(ctx, byCode ? byCode.id : intParam(ctx.query.video_id), 'manage');
    ctx.body = await orders.options(access);
  });

  router.post('/r/orders/hard_copies', async (ctx) => {
    const body = bodyOf(ctx);
    const access = await deps.access.check(ctx, intParam(body.video_id), 'manage');
    const order = await orders.orderCopies(access, body.lines);
    ctx.body = { order, redirect: `/videos/${access.video.id}/details?tab=orders` };
  });

  router.get('/r/videos/:id/orders', async (ctx) => {
    const access = await deps.access.check(ctx, intParam(ctx.params.id), 'manage');
    ctx.body = await orders.forVideo(access);
  });

  return router;
}
