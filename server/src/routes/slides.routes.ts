import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { ids, type Caller } from '../services/slide.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';
import { slideListMeta } from '../services/slide-meta.service.ts';

/** Spec 2 section 7: the slide workspace calls. Every one checks access to the video first. */
export function slidesRoutes(deps: Deps): Router {
  const router = new Router();
  const service = deps.slides;

  async function caller(ctx: Context, videoId: unknown, action: VideoAction): Promise<Caller> {
    const id = typeof videoId === 'number' || typeof videoId === 'string' ? videoId : '';
    if (id === '') throw new AppError(404, 'Not found');
    const access = await deps.access.check(ctx, id, action);
    return { access, securityHash: access.linkLevel !== undefined ? securityHashOf(ctx) : undefined, socketId: ctx.get(LIVE_HEADER) || null };
  }

  router.get('/slides/slide_list/:videoId', async (ctx) => {
    const c = await caller(ctx, ctx.params.videoId, 'view');
    const { video, user, linkLevel } = c.access;
    const deleted = ctx.query.deleted === '1';
    const meta = ctx.query.meta === '1';
    await deps.answers.send(ctx, {
      call: 'slides.list',
      // The slides are the video's; meta adds the video's row, its organization's sample button and the looks.
      scopes: meta ? [`video:${video.id}`, `org:${video.organization_id ?? 0}`, 'looks:0'] : [`video:${video.id}`],
      // Family links' URLs carry their hash; meta tells what this caller may do and whether photos are analysed, and
      // takes from the video row (read before the versions) its organization, link limit and whether it is finalized.
      facets: [
        video.id,
        deleted,
        meta,
        c.securityHash ?? null,
        linkLevel ?? null,
        user?.role === 'super',
        meta && [deps.config.photoAnalysis, video.organization_id, video.upload_link_limit, video.date_in_queue],
      ],
      build: async () => {
        const slides = await service.list(c, { deleted });
        return meta ? { slides, meta: await slideListMeta(deps, c) } : { slides };
      },
    });
  });

  /** Where uploaded slides are in processing; failed ones carry the message for 'Upload Problems'. */
  router.get('/r/slides/processing', async (ctx) => {
    const c = await caller(ctx, ctx.query.video_id, 'view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { slides: await service.processing(c, ids(ctx.query.ids)) };
  });

  router.post('/r/slides/add_sample_slides', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { slides: await deps.samples.add(await caller(ctx, body.video_id, 'edit')) };
  });

  router.post('/r/slides/reorder', async (ctx) => {
    const body = bodyOf(ctx);
    await service.reorder(await caller(ctx, body.video_id, 'edit'), ids(body.image_ids));
    ctx.body = { success: true };
  });

  router.post('/r/slides/delete', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { ids: await service.remove(await caller(ctx, body.video_id, 'edit'), ids(body.ids)) };
  });

  router.post('/r/slides/undelete', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { ids: await service.undelete(await caller(ctx, body.video_id, 'edit'), ids(body.ids)) };
  });

  for (const path of ['/r/slides/duplicate', '/r/slides/duplicate/']) {
    router.post(path, async (ctx) => {
      const body = bodyOf(ctx);
      ctx.body = { slides: await service.duplicate(await caller(ctx, body.video_id, 'edit'), ids(body.ids)) };
    });
  }

  for (const path of ['/slides/rotate', '/slides/rotate/']) {
    router.post(path, async (ctx) => {
      const body = bodyOf(ctx);
      const c = await caller(ctx, body.video_id, 'edit');
      const angles = Array.isArray(body.angles) ? body.angles.map(Number) : [];
      try {
        ctx.body = { slides: await service.rotate(c, ids(body.ids), angles) };
      } catch (err) {
        // The spec's client reads error_message from a rotate reply and shows it in an alert.
        // Answered as 200: the client reads error_message from the reply and shows it; the slide stays busy.
        if (!(err instanceof AppError) || err.status !== 400) throw err;
        ctx.body = { error_message: err.message };
      }
    });
  }

  for (const path of ['/r/slides/enhance', '/r/slides/enhance/']) {
    router.post(path, async (ctx) => {
      const body = bodyOf(ctx);
      const value = body.value === true || body.value === 'true' || body.value === 1 || body.value === '1';
      ctx.body = { slides: await service.enhance(await caller(ctx, body.video_id, 'edit'), ids(body.ids), value) };
    });
  }

  router.post('/slides/save', async (ctx) => {
    const body = bodyOf(ctx);
    // A new text slide is an addition (upload-only family links may add one); changing a slide is an edit.
    const action: VideoAction = body.slide_id ? 'edit' : 'upload';
    ctx.body = { slide: await service.save(await caller(ctx, body.video_id, action), body) };
  });

  router.get('/r/slides/download/:slideId', async (ctx) => {
    const slide = await deps.repos.slides.find(Number(ctx.params.slideId));
    if (!slide) throw new AppError(404, 'Not found');
    const row = await service.findForDownload(await caller(ctx, slide.video_id, 'view'), slide.id);
    await deps.slideFiles.sendOriginal(ctx, row);
  });

  router.get('/slides/download_zip/:videoId', async (ctx) => {
    const c = await caller(ctx, ctx.params.videoId, 'view');
    const wanted = typeof ctx.query.ids === 'string' && ctx.query.ids ? ids(ctx.query.ids) : undefined;
    await deps.slideFiles.sendZip(ctx, c.access.video, wanted);
  });

  return router;
}
