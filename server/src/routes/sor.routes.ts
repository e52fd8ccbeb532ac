import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { bodyOf } from '../http/request.ts';
import { requireUser } from '../http/session.ts';
import { sorRepository } from '../repositories/sor.repository.ts';
import { sorService } from '../services/sor.service.ts';

/** Service of Remembrance (spec 1, section 7): create (a same-origin form post), this year's count, dismiss the banner. */
export function sorRoutes(deps: Deps): Router {
  const router = new Router();
  const queue = deps.queue;
  const sor = sorService({
    sor: sorRepository(deps.db, deps.repos.storage),
    videos: deps.repos.videos,
    slides: deps.repos.slides,
    process: queue
      ? async (slideId) => {
          await queue.send('slides.process', { slideId });
        }
      : (slideId) => deps.slideMedia.processSlide(slideId),
  });

  router.post('/r/sor/create', async (ctx) => {
    ctx.body = await sor.create(requireUser(ctx), bodyOf(ctx));
  });

  router.get('/r/sor/video_count', async (ctx) => {
    const user = requireUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await sor.videoCount(user);
  });

  router.post('/r/sor/dismiss', async (ctx) => {
    await sor.dismiss(requireUser(ctx));
    ctx.body = { success: true };
  });

  return router;
}
