import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { sendFile } from '../http/range.ts';
import { downloadService, type DownloadFile } from '../services/download.service.ts';

const attachment = (name: string): string => `attachment; filename="${name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function send(ctx: Context, file: DownloadFile, type: string, disposition: 'attachment' | 'inline'): Promise<void> {
  ctx.set('Content-Disposition', disposition === 'attachment' ? attachment(file.name) : 'inline');
  await sendFile(ctx, file.path, { type, etag: file.etag, cacheControl: 'private, max-age=3600' });
}

/**
 * The finished video's files with HTTP Range. The HD file and the cover are for people who may view the video;
 * the web video streams for anyone holding its video code, as the share and embed pages do.
 */
export function downloadsRoutes(deps: Deps): Router {
  const router = new Router();
  const downloads = downloadService(deps.repos.videos, deps.render.records, deps.render.files);

  router.get('/downloads/video/:code/hd.mp4', async (ctx) => {
    const video = await downloads.findByCode(ctx.params.code);
    await deps.access.check(ctx, video.id, 'view');
    await send(ctx, await downloads.video(video, 'hd'), 'video/mp4', 'attachment');
  });

  router.get('/downloads/video/:code/web.mp4', async (ctx) => {
    const video = await downloads.findByCode(ctx.params.code);
    await send(ctx, await downloads.video(video, 'web'), 'video/mp4', 'inline');
  });

  router.get('/downloads/cover_photo/:id', async (ctx) => {
    const { video } = await deps.access.check(ctx, ctx.params.id, 'view');
    await send(ctx, await downloads.cover(video), 'image/jpeg', 'attachment');
  });

  return router;
}
