import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { bodyOf } from '../http/request.ts';
import { silkRepository } from '../repositories/silk.repository.ts';
import { deviceApiService } from '../services/device-api.service.ts';
import { silkService } from '../services/silk.service.ts';
import { devicesRoutes } from './devices.routes.ts';
import { idParam } from './organizations.routes.ts';
import { superUserOnly } from './video-admin.routes.ts';
import type { WireSilkToken } from '../wire/silk.ts';

/**
 * Direct Delivery (spec 1 section 2.13, issue 16): the details page's device list and toggle, the device API the
 * receivers call (devices.routes.ts), and a device's token for /settings/silks (super users; 404 to others).
 */
export function silksRoutes(deps: Deps): Router {
  const router = new Router();
  const silks = silkRepository(deps.db);
  const api = deviceApiService({ silks, files: deps.render.files, config: deps.config });
  const list = silkService({ silks, prepare: (silk, videoId) => api.prepare(silk, videoId) });

  // Spec 1: no cache; the page polls it every 2 s and shows no error dialog.
  router.get('/r/silks/status/:videoId', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await list.list(await deps.access.check(ctx, ctx.params.videoId, 'view'));
  });

  router.post('/r/silks/toggle', async (ctx) => {
    const body = bodyOf(ctx);
    const videoId = typeof body.video_id === 'number' || typeof body.video_id === 'string' ? String(body.video_id) : '';
    ctx.body = await list.toggle(await deps.access.check(ctx, /^\d+$/.test(videoId) ? videoId : '0', 'view'), body);
  });

  // The device list and its form are the admin scaffold's (admin/resources/silks.ts); the token is issued here only.
  router.post('/r/settings/silks/:id/token', async (ctx) => {
    superUserOnly(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { token: await api.issueToken(idParam(ctx)) } satisfies WireSilkToken;
  });

  router.use(devicesRoutes(api, deps.render.files).routes());
  return router;
}
