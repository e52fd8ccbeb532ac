import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { requireSuper } from '../http/session.ts';

const LOOK_FILE = /^(poster\.jpg|preview\.mp4)$/;
const LOOK_NAME = /^(transition|effect|overlay|border|background)-\d{1,4}$/;

/**
 * The pickers' clips the engine makes (theme previews, look posters and previews; public, like the pickers'
 * icons), and the admin's "resubmit" of the HD, web and DVD renders (spec 3: POST /r/videos/{id}/enqueue_job/...).
 */
export function renderRoutes(deps: Deps): Router {
  const router = new Router();
  const files = deps.render.files;
  // Their URLs carry the plan's hash, so a browser may keep them.
  const cacheControl = 'public, max-age=604800';

  router.get('/r/looks/:name/:file', async (ctx) => {
    if (!LOOK_NAME.test(ctx.params.name) || !LOOK_FILE.test(ctx.params.file)) throw notFound();
    const key = `looks/${ctx.params.name}/${ctx.params.file}`;
    if (!(await files.size(key))) throw notFound();
    await sendStored(ctx, files, key, { type: ctx.params.file.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4', cacheControl });
  });

  router.get('/r/themes/:id/preview.mp4', async (ctx) => {
    if (!/^\d{1,6}$/.test(ctx.params.id)) throw notFound();
    const key = `themes/${ctx.params.id}/preview.mp4`;
    // Asked for before the library preparation reached it: made now, ahead of the queue (a few seconds). An address
    // with a version (theme.service.ts) is the picker's after an edit on the themes page: made again if out of date.
    if (!(await files.size(key)) || ctx.query.v) await deps.library.urgentThemePreview(Number(ctx.params.id));
    if (!(await files.size(key))) throw notFound();
    await sendStored(ctx, files, key, { type: 'video/mp4', cacheControl: 'public, max-age=3600' });
  });

  router.post('/r/videos/:id/enqueue_job/:job', async (ctx, next) => {
    const job = ctx.params.job;
    if (job !== 'hd' && job !== 'web' && job !== 'dvd') return next();
    requireSuper(ctx);
    const { video } = await deps.access.check(ctx, ctx.params.id, 'manage');
    if (!video.date_in_queue) throw new AppError(409, 'The video has not been finalized.');
    if (job === 'hd') await deps.render.renders.resubmitHd(video.id);
    else if (job === 'dvd') await deps.dvd.request(video.id, true);
    else await deps.render.renders.resubmitWeb(video.id);
    ctx.body = { success: true };
  });

  return router;
}
