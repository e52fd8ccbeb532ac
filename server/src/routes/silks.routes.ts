import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { idFilter, pagingOf } from '../http/paging.ts';
import { bodyOf } from '../http/request.ts';
import { silkRepository } from '../repositories/silk.repository.ts';
import { deviceApiService } from '../services/device-api.service.ts';
import { silkAdminService } from '../services/silk-admin.service.ts';
import { silkService } from '../services/silk.service.ts';
import { devicesRoutes } from './devices.routes.ts';
import { idParam } from './organizations.routes.ts';
import { superUserOnly } from './video-admin.routes.ts';

/**
 * Direct Delivery (spec 1 section 2.13, issue 16): the details page's device list and toggle, the device API the
 * receivers call (devices.routes.ts), and the registration calls of /settings/silks (super users; 404 to others).
 */
export function silksRoutes(deps: Deps): Router {
  const router = new Router();
  const silks = silkRepository(deps.db);
  const api = deviceApiService({ silks, files: deps.render.files, config: deps.config });
  const list = silkService({ silks, prepare: (silk, videoId) => api.prepare(silk, videoId) });
  const admin = silkAdminService({ silks, organizations: deps.repos.organizations });

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

  router.get('/r/settings/silks', async (ctx) => {
    superUserOnly(ctx);
    const paging = pagingOf(ctx);
    const { rows, total } = await admin.list({ q: ctx.query.q, organizationId: idFilter(ctx.query.organization_id) }, paging);
    ctx.body = { silks: rows, total, page: paging.page, per_page: paging.perPage };
  });

  router.post('/r/settings/silks', async (ctx) => {
    superUserOnly(ctx);
    ctx.status = 201;
    ctx.body = await admin.create(bodyOf(ctx));
  });

  router.patch('/r/settings/silks/:id', async (ctx) => {
    superUserOnly(ctx);
    ctx.body = { silk: await admin.update(idParam(ctx), bodyOf(ctx)) };
  });

  router.post('/r/settings/silks/:id/token', async (ctx) => {
    superUserOnly(ctx);
    ctx.body = await admin.replaceToken(idParam(ctx));
  });

  router.delete('/r/settings/silks/:id', async (ctx) => {
    superUserOnly(ctx);
    await admin.remove(idParam(ctx));
    ctx.body = { success: true };
  });

  router.use(devicesRoutes(api).routes());
  return router;
}
