import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { analyseInChild } from '../media/detection-runner.ts';
import { parseDecisions, rotationIdeasFor } from '../services/rotation-ideas.service.ts';
import { ids, type Caller } from '../services/slide.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';

/** AI rotation ideas (spec 2 sections 4 and 7): POST /r/slides/ideas and POST /r/slides/accept_ideas. */
export function ideasRoutes(deps: Deps): Router {
  const router = new Router();
  const ideas = rotationIdeasFor(deps, analyseInChild);

  async function caller(ctx: Context, videoId: unknown, action: VideoAction): Promise<Caller> {
    const id = typeof videoId === 'number' || typeof videoId === 'string' ? videoId : '';
    if (id === '') throw new AppError(404, 'Not found');
    const access = await deps.access.check(ctx, id, action);
    return { access, securityHash: access.linkLevel !== undefined ? securityHashOf(ctx) : undefined, socketId: ctx.get(LIVE_HEADER) || null };
  }

  /** {ids, video_id} -> {ideas: [{flavor, slide_id, accepted, na, angle}]}: slides not analysed yet are absent. */
  router.post('/r/slides/ideas', async (ctx) => {
    const body = bodyOf(ctx);
    const c = await caller(ctx, body.video_id, 'view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ideas: await ideas.ideas(c, ids(body.ids)) };
  });

  /** Form or JSON: rotation (map of slide id to accepted true/false), video_id. The reply is unused. */
  router.post('/r/slides/accept_ideas', async (ctx) => {
    const body = bodyOf(ctx);
    const c = await caller(ctx, body.video_id, 'edit');
    // The page sends the map as JSON text in the form field: bracketed keys (rotation[12]=true) would become a
    // list in the body parser for small ids and lose them. A JSON body may send an object.
    await ideas.accept(c, parseDecisions(body.rotation));
    ctx.body = { ok: true };
  });

  return router;
}
