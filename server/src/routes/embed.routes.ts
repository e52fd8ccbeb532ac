import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { allowFramingFromAnySite } from '../http/framing.ts';
import { sendStored } from '../http/range.ts';
import { bodyOf } from '../http/request.ts';
import { embedRepository } from '../repositories/embed.repository.ts';
import { refererRepository } from '../repositories/referer.repository.ts';
import { downloadService } from '../services/download.service.ts';
import { embedService } from '../services/embed.service.ts';
import { PLAYER_CSP, renderPlayerPage } from '../services/embedded-player-page.ts';
import { refererService } from '../services/referer.service.ts';
import type { WireEmbedSettings } from '../wire/embed.ts';

/**
 * Embedding a video (spec 3 sections 2.4 and 7): the Share or Embed tab's settings for staff who manage the video,
 * and the player page /videos/embedded_video/{videoCode} that any site may frame, as the web video's own route
 * streams to anyone holding the video code.
 */
export function embedRoutes(deps: Deps): Router {
  const router = new Router();
  const embed = embedService({
    videos: deps.repos.videos,
    embed: embedRepository(deps.db),
    downloads: downloadService(deps.repos.videos, deps.render.records, deps.render.files),
    publicUrl: deps.config.publicUrl,
  });
  const referers = refererService(refererRepository(deps.db), deps.config.publicUrl);

  router.get('/r/videos/:id/embed', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'manage');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await embed.settings(access)) satisfies WireEmbedSettings;
  });

  router.post('/r/videos/:id/toggle_embed', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'manage');
    ctx.body = (await embed.toggle(access, bodyOf(ctx))) satisfies WireEmbedSettings;
  });

  router.get('/videos/embedded_video/:code', async (ctx) => {
    const page = await embed.page(ctx.params.code);
    if (page.kind === 'player') await referers.recordView(ctx, page.videoId);
    const { status, html } = renderPlayerPage(page);
    allowFramingFromAnySite(ctx, PLAYER_CSP);
    // Hiding the video must take effect on the next load, wherever the page is framed.
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });

  router.get('/videos/embedded_video/:code/poster.jpg', async (ctx) => {
    const poster = await embed.poster(ctx.params.code);
    await sendStored(ctx, deps.render.files, poster.key, { type: 'image/jpeg', etag: poster.etag, cacheControl: 'public, max-age=300' });
  });

  return router;
}
