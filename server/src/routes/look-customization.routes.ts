import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { lookCustomizationService } from '../services/look-customization.service.ts';
import type { Caller } from '../services/slide.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';

/**
 * Customize Look (spec 2 section 7): POST /r/slides/save_customizations, form-encoded as the spec sends it, and
 * GET /r/slides/customizations (ours: what the dialog shows selected, and whether it may offer 'Also use on future
 * videos'), both checked like every call on a video: an editor of it, or a family link with full access.
 */
export function lookCustomizationRoutes(deps: Deps): Router {
  const router = new Router();
  const service = lookCustomizationService({
    db: deps.db,
    looks: deps.repos.looks,
    themes: deps.render.themes,
    notify: async (videoId, owner) => {
      await deps.live?.notify(videoId, owner);
    },
  });

  async function caller(ctx: Context, videoId: unknown, action: VideoAction): Promise<Caller> {
    const id = typeof videoId === 'number' || typeof videoId === 'string' ? videoId : '';
    if (id === '') throw new AppError(404, 'Not found');
    const access = await deps.access.check(ctx, id, action);
    return { access, securityHash: access.linkLevel !== undefined ? securityHashOf(ctx) : undefined, socketId: ctx.get(LIVE_HEADER) || null };
  }

  router.get('/r/slides/customizations', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.read(await caller(ctx, ctx.query.video_id, 'edit'));
  });

  router.post('/r/slides/save_customizations', async (ctx) => {
    const body = bodyOf(ctx);
    await service.save(await caller(ctx, body.video_id, 'edit'), body);
    ctx.body = { success: true };
  });

  return router;
}
