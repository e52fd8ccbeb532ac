import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { clientMeta } from '../http/request.ts';
import { postbackRepository } from '../repositories/postback.repository.ts';
import { silkRepository } from '../repositories/silk.repository.ts';
import { videoDebugRepository } from '../repositories/video-debug.repository.ts';
import { videoFilesRepository } from '../repositories/video-files.repository.ts';
import type { VideoAccess } from '../services/video-access.ts';
import { videoAdminService } from '../services/video-admin.service.ts';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', heic: 'image/heic',
  mp4: 'video/mp4', mov: 'video/quicktime', m4a: 'audio/mp4', mp3: 'audio/mpeg', wav: 'audio/wav', aac: 'audio/aac',
  json: 'application/json', txt: 'text/plain; charset=utf-8', iso: 'application/octet-stream', pdf: 'application/pdf',
};

/**
 * Super users only, and nobody else learns these exist: a staff member, a family link or a visitor without a
 * session gets the same 404 as a missing video.
 */
export function superUserOnly(ctx: Context): void {
  if (ctx.state.auth?.user?.role !== 'super') throw notFound();
}

/** The super users' maintenance calls of the details page (spec 3 sections 6 and 7). */
export function videoAdminRoutes(deps: Deps): Router {
  const router = new Router();
  const admin = videoAdminService({
    videos: deps.repos.videos,
    users: deps.repos.users,
    activity: deps.repos.activityLogs,
    mail: deps.mail,
    send: deps.queue ? (name, data, options) => deps.queue!.send(name, data, options) : undefined,
    postbacks: postbackRepository(deps.db),
    silks: silkRepository(deps.db),
    files: videoFilesRepository(deps.repos.storage),
    debug: videoDebugRepository(deps.db),
    publicUrl: deps.config.publicUrl,
  });
  const access = async (ctx: Context): Promise<VideoAccess> => {
    superUserOnly(ctx);
    return deps.access.check(ctx, ctx.params.id, 'manage');
  };

  router.post('/r/videos/:id/delete', async (ctx) => {
    ctx.body = await admin.remove(await access(ctx), clientMeta(ctx));
  });

  router.post('/r/videos/:id/undelete', async (ctx) => {
    ctx.body = await admin.restore(await access(ctx), clientMeta(ctx));
  });

  router.post('/r/videos/:id/toggle_override_length_limit', async (ctx) => {
    const reply = await admin.toggleOverride(await access(ctx), clientMeta(ctx));
    if (!reply.success) ctx.status = 422;
    ctx.body = reply;
  });

  router.post('/r/videos/:id/notify_silk', async (ctx) => {
    ctx.body = await admin.notifySilks(await access(ctx), clientMeta(ctx));
  });

  // hd, web and dvd are the render engine's (render.routes.ts and the DVD module); they pass the rest on.
  router.post('/r/videos/:id/enqueue_job/:job', async (ctx, next) => {
    const job = ctx.params.job;
    if (job !== 'notify' && job !== 'postback') return next();
    const found = await access(ctx);
    ctx.body = job === 'notify' ? await admin.notifyOwner(found, clientMeta(ctx)) : await admin.enqueuePostback(found, clientMeta(ctx));
  });

  router.get('/r/videos/:id/resources', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await admin.resources(await access(ctx));
  });

  router.get('/r/videos/:id/resources/file', async (ctx) => {
    const { video } = await access(ctx);
    const key = typeof ctx.query.key === 'string' ? ctx.query.key : '';
    // Only the video's own folder, and only plain relative keys (no '..', no empty segments).
    const segments = key.split('/');
    if (!key.startsWith(`videos/${video.id}/`) || segments.some((s) => s === '' || s === '.' || s === '..')) throw notFound();
    const extension = (segments.at(-1)?.split('.').pop() ?? '').toLowerCase();
    ctx.set('Content-Disposition', `attachment; filename="${segments.at(-1)!.replace(/[^\w.-]/g, '_')}"`);
    await sendStored(ctx, deps.repos.storage, key, { type: CONTENT_TYPES[extension] ?? 'application/octet-stream', cacheControl: 'private, no-store' });
  });

  router.get('/r/videos/:id/debug', async (ctx) => {
    const debug = await admin.debug(await access(ctx));
    ctx.set('Cache-Control', 'no-store');
    // Opened as a link by a person: indented so the browser shows it readably.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(debug, null, 2);
  });

  return router;
}
