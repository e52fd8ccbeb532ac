import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { intParam } from '../http/request.ts';
import { isSuper, requireUser } from '../http/session.ts';
import { themeRepository } from '../repositories/theme.repository.ts';
import { isThemePicture, themeService } from '../services/theme.service.ts';

/** An address that names the picture's version never changes its bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PICTURE_FILE = /^([a-z]+)\.jpg$/;

/** The theme picker's calls (spec 1, section 7) and the pictures of each theme (render.routes.ts serves its preview clip). */
export function themesRoutes(deps: Deps): Router {
  const router = new Router();
  const themes = themeService(themeRepository(deps.db), deps.themeAssets, (ids) => deps.library.themesPreparing(ids));

  router.get('/r/themes', async (ctx) => {
    // user_id is the spec's; the list is always the signed-in caller's own.
    const videoId = ctx.query.video_id;
    const video = videoId ? (await deps.access.check(ctx, String(videoId), 'view')).video : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await themes.list({ user: ctx.state.auth?.user, video });
  });

  router.get('/r/themes/:id/:file', async (ctx) => {
    const name = PICTURE_FILE.exec(ctx.params.file)?.[1] ?? '';
    if (!isThemePicture(name)) throw notFound();
    const { key, version } = await themes.picture(intParam(ctx.params.id), name, isSuper(ctx.state.auth?.user));
    const cacheControl = ctx.query.v === version ? IMMUTABLE : 'public, max-age=300';
    await sendStored(ctx, deps.repos.storage, key, { type: 'image/jpeg', cacheControl });
  });

  router.post('/themes/:id/favorite', async (ctx) => {
    ctx.body = await themes.setFavorite(requireUser(ctx), intParam(ctx.params.id), true);
  });

  router.post('/themes/:id/unfavorite', async (ctx) => {
    ctx.body = await themes.setFavorite(requireUser(ctx), intParam(ctx.params.id), false);
  });

  return router;
}
