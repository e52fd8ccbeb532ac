import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { stockTextRepository } from '../repositories/stock-text.repository.ts';
import { securityHashOf } from '../services/video-access.ts';

/**
 * The text library and Reuse Text (spec 2 section 7): GET /r/stock_texts and GET /r/slides/previous_captions.
 * Signed-in staff read the library; a family link reads it when it may add slides (upload-only links add text
 * slides too). Previous captions are a video's: access to that video is checked first.
 */
export function stockTextRoutes(deps: Deps): Router {
  const router = new Router();
  const texts = stockTextRepository(deps.db);

  async function mayRead(ctx: Context): Promise<void> {
    if (ctx.state.auth?.user) return;
    const hash = securityHashOf(ctx);
    if (!hash) requireUser(ctx);
    else await deps.access.check(ctx, hash, 'upload');
  }

  router.get('/r/stock_texts', async (ctx) => {
    await mayRead(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { stock_texts: await texts.list() };
  });

  router.get('/r/slides/previous_captions', async (ctx) => {
    const videoId = typeof ctx.query.video_id === 'string' ? ctx.query.video_id : '';
    if (!videoId) throw new AppError(404, 'Not found');
    const { video, user, linkLevel } = await deps.access.check(ctx, videoId, 'upload');
    // Staff see what was written in their own videos too; a family sees only this video's captions.
    const ownerId = linkLevel === undefined && user ? user.id : null;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await texts.previousCaptions({ videoId: video.id, ownerId });
  });

  return router;
}
