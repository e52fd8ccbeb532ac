import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { sendFrame } from '../http/frame-reply.ts';
import { intParam } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import { themeRepository } from '../repositories/theme.repository.ts';
import { introFrameService } from '../services/intro-frame.service.ts';

/**
 * The calls of the super drawer's library pages beside their declared resources (admin/resources/themes.ts): a
 * theme's preview as the render engine draws it (the custom theme editor's preview, intro-frame.service.ts). Super
 * users only; anyone else gets 404.
 */
export function libraryAdminRoutes(deps: Deps): Router {
  const router = new Router();
  const frames = introFrameService(deps.render);
  const themes = themeRepository(deps.db);
  const superFirst = async (ctx: Context, next: Next): Promise<void> => {
    requireSuper(ctx);
    await next();
  };

  router.get('/r/settings/themes/:id/preview.jpg', superFirst, async (ctx) => {
    const theme = await themes.find(intParam(ctx.params.id));
    if (!theme) throw notFound();
    // Hidden themes too: the page shows what a theme looks like before it is released.
    sendFrame(ctx, await frames.render({ theme_id: theme.id, custom_theme_id: null }, { title: theme.theme_title, subtitle: 'In Loving Memory', introText: '' }));
  });

  return router;
}
