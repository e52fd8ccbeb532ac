import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { sendStored } from '../http/range.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { ids, type Caller } from '../services/slide.service.ts';
import { stockClipLibrary } from '../services/stock-clip-library.service.ts';
import { stockClipService } from '../services/stock-clip.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';

const FILES: Record<string, { column: 'thumb_path' | 'preview_path'; type: string }> = {
  'thumb.jpg': { column: 'thumb_path', type: 'image/jpeg' },
  'preview.mp4': { column: 'preview_path', type: 'video/mp4' },
};

/**
 * The stock video dialog (spec 2 section 7): its data (GET /r/videos/{id}/stock_videos, ours), Add N Clips
 * (POST /r/videos/{id}/add_stock_video_clips, answering `data`, the new clip slides) and the tiles' pictures and
 * previews, which are the product's own and need no session.
 */
export function stockClipRoutes(deps: Deps): Router {
  const router = new Router();
  const library = stockClipLibrary({ db: deps.db, storage: deps.repos.storage });
  const service = stockClipService({
    db: deps.db,
    slides: deps.repos.slides,
    storage: deps.repos.storage,
    library,
    // With a job queue the worker probes the clip and makes its proxy; a process without one does it now.
    process: async (slideId) => {
      if (deps.queue) await deps.queue.send('slides.process', { slideId });
      else await deps.slideMedia.processSlide(slideId);
    },
    toWire: deps.slides,
    notify: async (videoId, owner) => {
      await deps.live?.notify(videoId, owner);
    },
  });

  async function caller(ctx: Context, videoId: string, action: VideoAction): Promise<Caller> {
    const access = await deps.access.check(ctx, videoId, action);
    return { access, securityHash: access.linkLevel !== undefined ? securityHashOf(ctx) : undefined, socketId: ctx.get(LIVE_HEADER) || null };
  }

  router.get('/r/videos/:videoId/stock_videos', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.list(await caller(ctx, ctx.params.videoId, 'upload'));
  });

  router.post('/r/videos/:videoId/add_stock_video_clips', async (ctx) => {
    const c = await caller(ctx, ctx.params.videoId, 'upload');
    ctx.body = { data: await service.add(c, ids(bodyOf(ctx).selected_videos)) };
  });

  router.get('/r/stock_videos/:id/:file', async (ctx) => {
    const file = FILES[ctx.params.file];
    if (!file || !/^\d{1,9}$/.test(ctx.params.id)) throw new AppError(404, 'Not found');
    const row = await deps.db('stock_videos').where({ id: Number(ctx.params.id), disabled: false }).first();
    const key = row?.[file.column] as string | null | undefined;
    if (!key) throw new AppError(404, 'Not found');
    await sendStored(ctx, deps.repos.storage, key, { type: file.type, cacheControl: 'public, max-age=86400' });
  });

  return router;
}
