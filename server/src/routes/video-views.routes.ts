import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { clientMeta } from '../http/request.ts';
import { videoViewRepository } from '../repositories/video-view.repository.ts';
import { PLAYER_SCRIPT, PLAYER_SCRIPT_PATH } from '../services/embedded-player-page.ts';
import { videoViewsService } from '../services/video-views.service.ts';

/**
 * The player page's one script and the view it reports: POST /videos/embedded_video/{videoCode}/view when the video
 * starts playing, counted once per viewer and day. The script is a file of its own so the page's policy can stay
 * script-src 'self' with nothing inline.
 */
export function videoViewsRoutes(deps: Deps): Router {
  const router = new Router();
  const views = videoViewsService(deps.repos.videos, videoViewRepository(deps.db), deps.config.sessionSecret);

  router.get(PLAYER_SCRIPT_PATH, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = PLAYER_SCRIPT;
  });

  router.post('/videos/embedded_video/:code/view', async (ctx) => {
    await views.played(ctx.params.code, clientMeta(ctx));
    ctx.status = 204;
  });

  return router;
}
