import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';

/**
 * Which video a slide belongs to, for the editor's short address /slides/{slide_id} (spec 2 route table), which
 * opens over the grid of the slide's video. A deleted slide, or one the caller may not edit, is not found.
 */
export function slideLookupRoutes(deps: Deps): Router {
  const router = new Router();
  router.get('/r/slides/:slideId/video', async (ctx) => {
    const id = Number(ctx.params.slideId);
    const slide = Number.isSafeInteger(id) && id > 0 ? await deps.repos.slides.find(id) : undefined;
    if (!slide || slide.deleted_at) throw new AppError(404, 'Not found');
    await deps.access.check(ctx, slide.video_id, 'edit');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { video_id: slide.video_id };
  });
  return router;
}
