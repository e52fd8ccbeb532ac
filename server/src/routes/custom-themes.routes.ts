import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { sendFrame } from '../http/frame-reply.ts';
import { singleFileUpload, uploadedFile } from '../http/logo-upload.ts';
import { bodyOf, intParam } from '../http/request.ts';
import { requireUser } from '../http/session.ts';
import { customThemeRepository } from '../repositories/custom-theme.repository.ts';
import { fitPictureToFrame } from '../repositories/image.repository.ts';
import { PICTURE_SLOTS, type PictureSlot } from '../services/custom-theme-design.ts';
import { customThemeService, PICTURE_MAX_BYTES } from '../services/custom-theme.service.ts';

const idOf = (ctx: Context): number => {
  const id = intParam(ctx.params.id);
  if (Number.isNaN(id)) throw new AppError(404, 'Not found');
  return id;
};

const slotOf = (ctx: Context): PictureSlot => {
  const slot = ctx.params.slot as PictureSlot;
  if (!PICTURE_SLOTS.includes(slot)) throw new AppError(404, 'Not found');
  return slot;
};

/**
 * Custom themes: POST /custom_themes and DELETE /custom_themes/{id} as spec 1 names them; the embedded editor's
 * calls beside them. The editor page itself (/custom_themes/{id}/edit/...) is the web app's.
 */
export function customThemesRoutes(deps: Deps): Router {
  const router = new Router();
  const customThemes = customThemeService(customThemeRepository(deps.db), deps.repos.storage, { fitPictureToFrame }, deps.render);
  const pictureUpload = singleFileUpload('file', PICTURE_MAX_BYTES, 'picture');
  const notifyAll = async (ctx: Context, videoIds: number[]) => {
    for (const id of videoIds) await deps.live?.notify(id, ctx.get('X-Live-Socket') || null);
  };

  router.post('/custom_themes', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const videoId = intParam(body.video_id);
    if (Number.isNaN(videoId)) throw new AppError(404, 'Not found');
    const access = await deps.access.check(ctx, videoId, 'edit');
    ctx.status = 201;
    ctx.body = await customThemes.create(user, access, body.theme_id);
  });

  router.delete('/custom_themes/:id', async (ctx) => {
    const deleted = await customThemes.remove(requireUser(ctx), idOf(ctx));
    await notifyAll(ctx, deleted.reset_video_ids);
    ctx.body = deleted;
  });

  router.get('/r/custom_themes/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await customThemes.read(requireUser(ctx), idOf(ctx));
  });

  router.patch('/r/custom_themes/:id', async (ctx) => {
    const { reply, videoIds } = await customThemes.change(requireUser(ctx), idOf(ctx), bodyOf(ctx));
    await notifyAll(ctx, videoIds);
    ctx.body = reply;
  });

  const ownerFirst = async (ctx: Context, next: () => Promise<unknown>) => {
    // Strangers are turned away before the server reads their upload.
    await customThemes.owned(requireUser(ctx), idOf(ctx));
    slotOf(ctx);
    await next();
  };

  router.post('/r/custom_themes/:id/images/:slot', ownerFirst, pictureUpload, async (ctx) => {
    const { reply, videoIds } = await customThemes.setPicture(requireUser(ctx), idOf(ctx), slotOf(ctx), uploadedFile(ctx)?.buffer);
    await notifyAll(ctx, videoIds);
    ctx.body = reply;
  });

  router.get('/custom_themes/:id/images/:slot', async (ctx) => {
    const key = await customThemes.pictureKey(requireUser(ctx), idOf(ctx), slotOf(ctx));
    // The address carries the design's version, and the file behind a key never changes.
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.type = 'image/jpeg';
    ctx.body = await deps.repos.storage.stream(key).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? notFound() : err;
    });
  });

  router.get('/custom_themes/:id/preview.jpg', async (ctx) => {
    const user = requireUser(ctx);
    const videoId = intParam(ctx.query.video_id);
    const video = Number.isNaN(videoId) ? undefined : (await deps.access.check(ctx, videoId, 'view')).video;
    // The video's title is drawn in, and it changes without the address knowing.
    sendFrame(ctx, await customThemes.preview(user, idOf(ctx), video));
  });

  return router;
}
