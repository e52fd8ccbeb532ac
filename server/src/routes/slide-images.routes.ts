import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { intParam } from '../http/request.ts';
import { isDerivedKind, isToolKind } from '../media/image-recipe.ts';
import { imageRepository } from '../repositories/image.repository.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import { slideToolImages, toolImageUrls } from '../services/slide-tool-images.ts';
import { securityHashOf } from '../services/video-access.ts';

/** A file name holds its edit version, so its bytes never change: browsers may keep it for a year. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
const DERIVED_FILE = /^([a-z_]+)-([0-9a-f]{1,64})\.jpg$/;

export function slideImagesRoutes(deps: Deps): Router {
  const router = new Router();
  const media = deps.slideMedia;
  const tools = slideToolImages(deps.render.files, imageRepository(deps.render.files));

  /** The slide, once the caller may view its video; anything else looks missing. */
  async function viewableSlide(ctx: Context): Promise<SlideMediaRow> {
    const slide = await media.findSlide(intParam(ctx.params.id));
    if (!slide) throw notFound();
    await deps.access.check(ctx, slide.video_id, 'view');
    return slide;
  }

  router.get('/r/slides/:id/image/:file', async (ctx) => {
    const match = DERIVED_FILE.exec(ctx.params.file);
    const kind = match?.[1] ?? '';
    if (!match || !(isDerivedKind(kind) || isToolKind(kind))) throw notFound();
    const slide = await viewableSlide(ctx);
    const current = isToolKind(kind) ? toolImageUrls(slide, securityHashOf(ctx))[`${kind}_url`] : media.slideUrls(slide, securityHashOf(ctx))[`${kind}_url`];
    if (!current) throw notFound();
    if (!current.includes(`/${match[0]}`)) {
      // An older edit of the photo: send the browser to the picture as it is now.
      ctx.set('Cache-Control', 'no-store');
      return ctx.redirect(current);
    }
    // The slide editor's tool images (big_sans_{tool}) are made beside the derived images, by the same recipe.
    const key = isToolKind(kind) ? await tools.ensure(slide, kind) : await media.derivedKey(slide, kind);
    await sendStored(ctx, deps.render.files, key, { type: 'image/jpeg', cacheControl: IMMUTABLE, etag: `"${kind}-${match[2]}"` });
  });

  router.get('/r/slides/:id/video.mp4', async (ctx) => {
    const slide = await viewableSlide(ctx);
    const key = await media.videoKey(slide);
    // MOV originals are only served when they hold H.264/AAC, which every browser plays when told it is MP4.
    await sendStored(ctx, deps.render.files, key, { type: 'video/mp4', cacheControl: 'private, no-cache' });
  });

  return router;
}
