import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { diskFile, diskFileUpload } from '../http/audio-upload.ts';
import { AppError, notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { bodyOf } from '../http/request.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { MAX_IMAGE_BYTES } from '../media/limits.ts';
import { imageRepository } from '../repositories/image.repository.ts';
import { photoCamera } from '../repositories/photo-facts.repository.ts';
import { kenBurnsPreviewService, previewFileKey } from '../services/ken-burns-preview.service.ts';
import { parseKenBurns, slideEditService } from '../services/slide-edit.service.ts';
import type { Caller } from '../services/slide.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';

const truthy = (v: unknown): boolean => v === true || v === 'true' || v === '1' || v === 1;

/**
 * The photo editor's calls (spec 2 section 7): crop, Undo All Changes, custom zoom and its preview, Upload and
 * replace, and the inspection facts. Every edit checks 'edit' access (a family link with full access may, an
 * upload-only one may not) and tells the video's other editors.
 */
export function slideEditsRoutes(deps: Deps): Router {
  const router = new Router();
  const edits = slideEditService({
    slides: deps.repos.slides,
    files: deps.render.files,
    images: imageRepository(deps.render.files),
    urls: (row, hash) => deps.slideMedia.slideUrls(row, hash),
    process: (slideId) => deps.slideMedia.processSlide(slideId),
    camera: photoCamera,
    notify: async (videoId, owner) => {
      await deps.live?.notify(videoId, owner);
    },
  });
  const previews = kenBurnsPreviewService({ inputs: deps.render.inputs, pieces: deps.render.pieces });

  async function caller(ctx: Context, videoId: unknown, action: VideoAction): Promise<Caller> {
    const id = typeof videoId === 'number' || typeof videoId === 'string' ? videoId : '';
    if (id === '') throw new AppError(404, 'Not found');
    const access = await deps.access.check(ctx, id, action);
    return { access, securityHash: access.linkLevel !== undefined ? securityHashOf(ctx) : undefined, socketId: ctx.get(LIVE_HEADER) || null };
  }

  for (const route of ['/r/slides/crop', '/r/slides/crop/']) {
    router.post(route, async (ctx) => {
      const body = bodyOf(ctx);
      const c = await caller(ctx, body.video_id, 'edit');
      ctx.body = { slide: await edits.crop(c, Number(body.image_id), body, truthy(body.as_new)) };
    });
  }

  router.post('/r/slides/revert', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { slide: await edits.revert(await caller(ctx, body.video_id, 'edit'), Number(body.slide_id)) };
  });

  router.post('/r/effects/save_ken_burns', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { slide: await edits.saveKenBurns(await caller(ctx, body.video_id, 'edit'), Number(body.slide_id), body.coords) };
  });

  router.post('/r/effects/clear_ken_burns', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { slide: await edits.clearKenBurns(await caller(ctx, body.video_id, 'edit'), Number(body.slide_id)) };
  });

  /**
   * The custom zoom's Preview: {slide_id, video_id, coords?} (coords as save_ken_burns takes them; without them the
   * saved custom zoom) answers {url, seconds, width, height}; the url is a short MP4 the render engine made.
   */
  router.post('/r/effects/preview_ken_burns', async (ctx) => {
    const body = bodyOf(ctx);
    const c = await caller(ctx, body.video_id, 'edit');
    const coords = body.coords === undefined || body.coords === null || body.coords === '' ? null : parseKenBurns(body.coords);
    ctx.body = await previews.render(c, Number(body.slide_id), coords);
  });

  router.get('/r/effects/ken_burns_preview/:slideId/:file', async (ctx) => {
    const match = /^([0-9a-f]{16,128})\.mp4$/.exec(ctx.params.file);
    const slide = await deps.repos.slides.find(Number(ctx.params.slideId));
    if (!match || !slide) throw notFound();
    await caller(ctx, slide.video_id, 'view');
    const key = previewFileKey(match[1]);
    if ((await deps.render.files.size(key)) === null) throw notFound();
    await sendStored(ctx, deps.render.files, key, { type: 'video/mp4', cacheControl: 'private, max-age=86400' });
  });

  const readUpload = diskFileUpload('uploadfile', path.join(deps.config.dataDir, 'tmp'), MAX_IMAGE_BYTES);
  router.post(
    '/slides/edit_slide_image/:videoId/:slideId',
    async (ctx, next) => {
      // Access first, so strangers cannot make the server read uploads.
      ctx.state.slideCaller = await caller(ctx, ctx.params.videoId, 'edit');
      await next();
    },
    readUpload,
    async (ctx) => {
      const file = diskFile(ctx);
      ctx.body = { slide: await edits.replace(ctx.state.slideCaller as Caller, Number(ctx.params.slideId), file && { path: file.path, originalname: file.originalname, size: file.size }) };
    },
  );

  router.get('/r/slides/:id/inspect', async (ctx) => {
    const slide = await deps.repos.slides.find(Number(ctx.params.id));
    if (!slide) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await edits.inspect(await caller(ctx, slide.video_id, 'view'), slide.id);
  });

  return router;
}
