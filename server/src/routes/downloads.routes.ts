import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import { downloadName, downloadService, downloadUrls, isoTicket, isoTicketValid, videoFilePath, withTicket, type DownloadFile } from '../services/download.service.ts';

const attachment = (name: string): string => `attachment; filename="${name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function send(deps: Deps, ctx: Context, file: DownloadFile, type: string, disposition: 'attachment' | 'inline'): Promise<void> {
  ctx.set('Content-Disposition', disposition === 'attachment' ? attachment(file.name) : 'inline');
  await sendStored(ctx, deps.render.files, file.key, { type, etag: file.etag, cacheControl: 'private, max-age=3600' });
}

/**
 * The finished video's files with HTTP Range, and the calls the burn window and its helper use for the disc image.
 * The HD file and the cover are for people who may view the video; the web video streams for anyone holding its
 * video code, as the share and embed pages do; the DVD image and its calls are for the staff of the video's
 * organization only (a family upload link gets nothing here, as for a missing video).
 */
export function downloadsRoutes(deps: Deps): Router {
  const router = new Router();
  const downloads = downloadService(deps.repos.videos, deps.render.records, deps.render.files);
  const urls = (video: VideoRow, file: 'hd.mp4' | 'dvd.iso') => downloadUrls(deps.config.publicUrl, deps.config.downloadAlternates, videoFilePath(video.video_code, file));

  /** The video for a staff call: signed-in staff who may view it; anyone else finds nothing. */
  async function staffVideo(ctx: Context, id: unknown): Promise<VideoRow> {
    const raw = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
    if (!/^\d{1,12}$/.test(raw)) throw new AppError(400, 'video_id must be a video id.');
    const access = await deps.access.check(ctx, Number(raw), 'view');
    if (!access.user || access.linkLevel !== undefined) throw notFound();
    return access.video;
  }

  const body = (ctx: Context): Record<string, unknown> => (ctx.request.body ?? {}) as Record<string, unknown>;

  router.get('/downloads/video/:code/hd.mp4', async (ctx) => {
    const video = await downloads.findByCode(ctx.params.code);
    await deps.access.check(ctx, video.id, 'view');
    await send(deps, ctx, await downloads.video(video, 'hd'), 'video/mp4', 'attachment');
  });

  router.get('/downloads/video/:code/web.mp4', async (ctx) => {
    const video = await downloads.findByCode(ctx.params.code);
    await send(deps, ctx, await downloads.video(video, 'web'), 'video/mp4', 'inline');
  });

  router.get('/downloads/video/:code/dvd.iso', async (ctx) => {
    const found = await downloads.findByCode(ctx.params.code);
    // The burn tool's helper has no session: the ticket POST /downloads/iso put in the url is its permission.
    const video = isoTicketValid(deps.config.sessionSecret, found.video_code, ctx.query.ticket) ? found : await staffVideo(ctx, found.id);
    const dvd = await deps.dvd.ready(video);
    if (!dvd) throw notFound();
    const file = { key: dvd.file_key!, name: downloadName(video.title, ' (DVD).iso'), etag: `"dvd-${dvd.id}-${dvd.sha256!.slice(0, 16)}"` };
    await send(deps, ctx, file, 'application/x-iso9660-image', 'attachment');
  });

  router.get('/downloads/cover_photo/:id', async (ctx) => {
    const { video } = await deps.access.check(ctx, ctx.params.id, 'view');
    await send(deps, ctx, await downloads.cover(video), 'image/jpeg', 'attachment');
  });

  /** Starts the DVD image when it is not made (or being made) as the video is now; null means it is ready. */
  router.post('/downloads/request_iso', async (ctx) => {
    const video = await staffVideo(ctx, body(ctx).video_id);
    const dvd = await deps.dvd.request(video.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { progress_stage: dvd.status === 'done' ? null : 'dvd' };
  });

  /** Where the ready DVD image can be downloaded (every source), its size and SHA-256, which the helper verifies. */
  router.post('/downloads/iso', async (ctx) => {
    const video = await staffVideo(ctx, body(ctx).video_id);
    const dvd = await deps.dvd.ready(video);
    if (!dvd) throw new AppError(409, 'The DVD image is not ready yet: request it first.');
    ctx.set('Cache-Control', 'no-store');
    const ticket = isoTicket(deps.config.sessionSecret, video.video_code);
    const ticketed = Object.fromEntries(Object.entries(urls(video, 'dvd.iso')).map(([source, url]) => [source, withTicket(url, ticket)]));
    ctx.body = { urls: ticketed, iso_size: Number(dvd.bytes), sha256: dvd.sha256 };
  });

  /** Where the finished HD video can be downloaded (every source) and its size: the Download HD button's server menu. */
  router.post('/downloads/hd', async (ctx) => {
    const video = await staffVideo(ctx, body(ctx).video_id);
    const file = await downloads.video(video, 'hd');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { urls: urls(video, 'hd.mp4'), hd_size: video.hd_size == null ? null : Number(video.hd_size), name: file.name };
  });

  return router;
}
