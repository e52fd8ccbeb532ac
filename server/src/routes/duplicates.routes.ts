import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { slidePrintsRepository } from '../repositories/slide-prints.repository.ts';
import { smallPicture } from '../repositories/small-picture.repository.ts';
import { duplicateCheckService, parsePairs } from '../services/duplicate-check.service.ts';
import { ids, type Caller } from '../services/slide.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';

/**
 * Duplicate photos (spec 2 sections 4 and 7): the server's check of the browser's candidate pairs, the pairs the
 * server finds itself (light crops), and POST /r/slides/mark_duplicate. Reading verdicts needs 'view'; marking
 * deletes, so it needs 'edit'.
 */
export function duplicatesRoutes(deps: Deps): Router {
  const router = new Router();
  const duplicates = duplicateCheckService({
    slides: deps.repos.slides,
    findSlide: (id) => deps.slideMedia.findSlide(id),
    listSlides: (videoId) => deps.repos.slides.listActive(videoId),
    prints: slidePrintsRepository(deps.db),
    thumbFile: (slide) => deps.slideMedia.ensureDerived(slide, 'thumb'),
    // The thumbnail's URL names its version (the original plus every edit that shows in it).
    thumbVersion: (slide) => deps.slideMedia.slideUrls(slide).thumb_url ?? `${slide.id}`,
    smallPicture: (file) => smallPicture(file),
    remove: (caller, slideIds) => deps.slides.remove(caller, slideIds),
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

  /** {video_id, pairs: [[a, b], ...]} -> {pairs: [{ids, duplicate, structure, colour}]} */
  router.post('/r/slides/duplicate_check', async (ctx) => {
    const body = bodyOf(ctx);
    const c = await caller(ctx, body.video_id, 'view');
    ctx.body = { pairs: await duplicates.check(c, parsePairs(body.pairs)) };
  });

  /** {video_id} -> {pairs: [{ids, duplicate, structure, colour}], more}: the server's own confirmed crop pairs. */
  router.post('/r/slides/duplicate_pairs', async (ctx) => {
    const body = bodyOf(ctx);
    const c = await caller(ctx, body.video_id, 'view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await duplicates.proposals(c);
  });

  /** {remove, keep, video_id}: the client reloads the slides afterwards. */
  router.post('/r/slides/mark_duplicate', async (ctx) => {
    const body = bodyOf(ctx);
    const c = await caller(ctx, body.video_id, 'edit');
    ctx.body = await duplicates.mark(c, ids(body.remove), ids(body.keep));
  });

  return router;
}
