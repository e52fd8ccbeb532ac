import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { bodyOf, intParam } from '../http/request.ts';
import { requireUser } from '../http/session.ts';
import { customThemeRepository } from '../repositories/custom-theme.repository.ts';
import { refererRepository } from '../repositories/referer.repository.ts';
import { renderInputRepository } from '../repositories/render-input.repository.ts';
import { rememberedLook } from '../services/look-customization.service.ts';
import { securityHashOf, type VideoAccess } from '../services/video-access.ts';
import { SetupInvalid, videoSetupService } from '../services/video-setup.service.ts';
import { scopeOf, videoService } from '../services/video.service.ts';
import type { WireCreatorVideo } from '../wire/video.ts';

/**
 * A video id or an upload-link hash (32 base64url characters). Anything else under /r/videos/ is left to the
 * routers that own those words (/r/videos/check_generation_statuses ...), whatever their order.
 */
const VIDEO_REF = /^(\d+|[A-Za-z0-9_-]{32})$/;

/** Setup saves answer every problem at once (spec 1, section 8: a list shown in red), not only the first. */
async function replyWithSetupErrors(ctx: Context, work: () => Promise<unknown>): Promise<void> {
  try {
    ctx.body = await work();
  } catch (err) {
    if (!(err instanceof SetupInvalid)) throw err;
    ctx.status = err.status;
    ctx.body = { errors: err.messages };
  }
}

const liveOwner = (ctx: Context): string | null => ctx.get('X-Live-Socket') || null;

export function videosRoutes(deps: Deps): Router {
  const router = new Router();
  const referers = refererRepository(deps.db);
  const videos = videoService(deps.repos.videos, deps.repos.videoList, {
    largestSlideBytes: renderInputRepository(deps.db).largestSlideBytes,
    topReferers: (videoId) => referers.top(videoId),
  });
  const setup = videoSetupService({
    videos: deps.repos.videos,
    organizations: deps.repos.organizations,
    brands: deps.repos.brands,
    customThemes: customThemeRepository(deps.db),
    users: deps.repos.users,
    rememberedLook: (userId) => rememberedLook(deps.db, userId),
  });

  router.get('/r/videos/list', async (ctx) => {
    const user = requireUser(ctx);
    const scope = scopeOf(user);
    await deps.answers.send(ctx, {
      call: 'videos.list',
      scopes: [scope === 'all' ? 'org:*' : `org:${scope.organizationId ?? 0}`],
      // The user's own organization is named even when it has no videos yet.
      facets: [scope, user.organization_id],
      build: () => videos.list(user),
    });
  });

  /** The video as GET /r/videos/{id} answers it: the details and the creator's setup facts. */
  const creatorVideo = async (ctx: Context, access: VideoAccess): Promise<WireCreatorVideo> => {
    const [video, facts] = await Promise.all([videos.read(access, securityHashOf(ctx)), setup.facts(access)]);
    return { ...video, ...facts };
  };

  router.get('/r/videos/:id', async (ctx, next) => {
    if (!VIDEO_REF.test(ctx.params.id)) return next();
    const access = await deps.access.check(ctx, ctx.params.id, 'view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await creatorVideo(ctx, access);
  });

  router.get('/r/videos/setup_options', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { organization: await setup.options(requireUser(ctx)) };
  });

  router.post('/r/videos', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const ownerId = body.user_id === undefined || body.user_id === null || body.user_id === '' ? user.id : intParam(body.user_id);
    await replyWithSetupErrors(ctx, async () => {
      const created = await setup.create(user, body.video, ownerId);
      ctx.status = 201;
      return created;
    });
  });

  router.patch('/r/videos/:id', async (ctx, next) => {
    if (!VIDEO_REF.test(ctx.params.id)) return next();
    const access = await deps.access.check(ctx, ctx.params.id, 'edit');
    await replyWithSetupErrors(ctx, async () => {
      await setup.update(access, bodyOf(ctx).video);
      await deps.live?.notify(access.video.id, liveOwner(ctx));
      // Spec 3 section 7: PATCH "reads video": the answer is the video as saved, read again after the change.
      ctx.set('Cache-Control', 'no-store');
      return creatorVideo(ctx, await deps.access.check(ctx, ctx.params.id, 'edit'));
    });
  });

  router.post('/r/videos/:id/make_editable', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'manage');
    ctx.body = await setup.makeEditable(access, ctx.query.redirect);
    await deps.live?.notify(access.video.id, liveOwner(ctx));
  });

  router.delete('/r/videos/:id', async (ctx, next) => {
    if (!VIDEO_REF.test(ctx.params.id)) return next();
    const access = await deps.access.check(ctx, ctx.params.id, 'manage');
    await videos.remove(access);
    ctx.body = { success: true };
  });

  router.get('/r/videos/:id/cover_thumb', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'view');
    const thumb = await videos.coverThumb(access, securityHashOf(ctx));
    if ('photo' in thumb) {
      // The photo's own address carries its edit version and is cached there; this hop must follow changes.
      ctx.set('Cache-Control', 'private, no-cache');
      return ctx.redirect(thumb.photo);
    }
    // List links carry a version in the query, so a browser may keep a placeholder for a day.
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = 'image/svg+xml';
    ctx.etag = thumb.etag;
    ctx.status = 200;
    if (ctx.fresh) return void (ctx.status = 304);
    ctx.body = thumb.svg;
  });

  return router;
}
