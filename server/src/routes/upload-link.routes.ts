import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { uploadLinkRepository } from '../repositories/upload-link.repository.ts';
import { uploadLinkService } from '../services/upload-link.service.ts';
import type { WireUploadsDone } from '../wire/upload-link.ts';

const liveOwner = (ctx: Context): string | null => ctx.get('X-Live-Socket') || null;

/** The family upload link (spec 1, sections 2.5 and 4; spec 3, section 7: POST /r/uploads/done/{securityHash}). */
export function uploadLinkRoutes(deps: Deps): Router {
  const router = new Router();
  const links = uploadLinkService({
    videos: deps.repos.videos,
    organizations: deps.repos.organizations,
    links: uploadLinkRepository(deps.db),
    shareLogs: deps.repos.shareLogs,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
  });

  /** Staff get the settings, the link and its share log; the family (by hash) only what its Finish step shows. */
  router.get('/r/videos/:id/upload_link', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = access.linkLevel === undefined ? await links.read(access) : await links.family(access);
  });

  router.patch('/r/videos/:id/upload_link', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'manage');
    ctx.body = await links.update(access, bodyOf(ctx));
    // Every open family page refetches at once: a link turned off or reset takes effect on their next call.
    await deps.live?.notify(access.video.id, liveOwner(ctx));
  });

  /** Only the family, through its link, says it has finished: a video id (staff) is not a link and is not found. */
  router.post('/r/uploads/done/:hash', async (ctx) => {
    if (/^\d+$/.test(ctx.params.hash)) throw new AppError(404, 'Not found');
    const access = await deps.access.check(ctx, ctx.params.hash, 'view');
    if (access.linkLevel === undefined) throw new AppError(404, 'Not found');
    await links.finish(access);
    ctx.body = { success: true } satisfies WireUploadsDone;
    await deps.live?.notify(access.video.id, liveOwner(ctx));
  });

  return router;
}
