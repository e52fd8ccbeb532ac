import Router from '@koa/router';
import type { Context } from 'koa';
import { devicePaths, DEVICE_API } from '../../../common/device-protocol.ts';
import { notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { DeviceApiService } from '../services/device-api.service.ts';
import { intParam } from '../http/request.ts';

/**
 * The device API of Direct Delivery (common/device-protocol.ts). No session and no cookies: the device's token in
 * the Authorization header is its only credential, checked first on every call (401 JSON without it).
 */
export function devicesRoutes(api: DeviceApiService, files: MediaFileRepository): Router {
  const router = new Router();
  const device = (ctx: Context) => api.authenticate(ctx.get('Authorization'));

  router.get(devicePaths.deliveries, async (ctx) => {
    const silk = await device(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await api.deliveries(silk);
  });

  router.get(`${DEVICE_API}/videos/:id/hd.mp4`, async (ctx) => {
    const silk = await device(ctx);
    const videoId = intParam(ctx.params.id);
    if (!videoId) throw notFound();
    const file = await api.file(silk, videoId);
    // From whichever storage holds it (a local folder or a bucket), with Range either way.
    await sendStored(ctx, files, file.key, { type: 'video/mp4', etag: file.etag, cacheControl: 'private, no-store' });
  });

  router.get(devicePaths.notifications, async (ctx) => {
    const silk = await device(ctx);
    const wait = Number(ctx.query.wait ?? 0);
    const gone = new AbortController();
    // The response closes early only when the device hung up (a request's own 'close' comes once its body is read).
    ctx.res.once('close', () => gone.abort());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await api.notices(silk, typeof ctx.query.after === 'string' ? ctx.query.after : undefined, Number.isFinite(wait) ? wait : 0, gone.signal);
  });

  router.post(devicePaths.status, async (ctx) => {
    const silk = await device(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await api.report(silk, ctx.request.body);
  });

  return router;
}
