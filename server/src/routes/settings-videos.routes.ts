import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { idFilter, pagingOf } from '../http/paging.ts';
import { bodyOf } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import { videoAdminRepository } from '../repositories/video-admin.repository.ts';
import { settingsVideoService, videoStateOf } from '../services/settings-video.service.ts';
import { toWireAdminVideo } from '../wire/settings.wire.ts';
import { idParam } from './organizations.routes.ts';

/** Videos of every organization for super users (/settings/videos): search, edit, soft delete and restore. */
export function settingsVideosRoutes(deps: Deps): Router {
  const router = new Router();
  const videos = settingsVideoService(deps.repos.videos, videoAdminRepository(deps.db), deps.repos.organizations);
  /** The super check comes first so that other callers learn nothing, then the one video access check. */
  const managed = async (ctx: Context) => {
    requireSuper(ctx);
    return (await deps.access.check(ctx, idParam(ctx), 'manage')).video;
  };

  router.get('/r/settings/videos', async (ctx) => {
    requireSuper(ctx);
    const paging = pagingOf(ctx);
    const filter = { q: ctx.query.q, organizationId: idFilter(ctx.query.organization_id), userId: idFilter(ctx.query.user_id), state: videoStateOf(ctx.query.state) };
    const { rows, total } = await videos.list(filter, paging);
    ctx.body = { videos: rows.map(toWireAdminVideo), total, page: paging.page, per_page: paging.perPage };
  });

  router.get('/r/settings/videos/:id', async (ctx) => {
    ctx.body = { video: toWireAdminVideo(await videos.get(await managed(ctx))) };
  });

  router.patch('/r/settings/videos/:id', async (ctx) => {
    ctx.body = { video: toWireAdminVideo(await videos.update(await managed(ctx), bodyOf(ctx))) };
  });

  router.post('/r/settings/videos/:id/delete', async (ctx) => {
    ctx.body = { video: toWireAdminVideo(await videos.remove(await managed(ctx))) };
  });

  router.post('/r/settings/videos/:id/undelete', async (ctx) => {
    ctx.body = { video: toWireAdminVideo(await videos.restore(await managed(ctx))) };
  });

  return router;
}
