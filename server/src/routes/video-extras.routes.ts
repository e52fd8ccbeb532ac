import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { songRepository } from '../repositories/song.repository.ts';
import { downloadService } from '../services/download.service.ts';
import { songPreviewUrl } from '../services/song.service.ts';
import type { WireVideoSongRow } from '../wire/embed.ts';

/** The details page's Extras tab (spec 3 section 2.3): the video's songs and its snapshot, for the organization's staff. */
export function videoExtrasRoutes(deps: Deps): Router {
  const router = new Router();
  const songs = songRepository(deps.db);
  const downloads = downloadService(deps.repos.videos, deps.render.records, deps.render.files);

  router.get('/r/videos/:id/songs', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'view');
    // The details page is staff's: a family link reads its songs on the Music step instead.
    if (access.linkLevel !== undefined) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await songs.listActive(access.video.id)).map((song) => ({
      id: song.id,
      artist: song.artist,
      title: song.title,
      length: song.song_length,
      preview_url: songPreviewUrl(song),
    })) satisfies WireVideoSongRow[];
  });

  router.get('/downloads/snapshot/:id', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.id, 'view');
    if (access.linkLevel !== undefined) throw notFound();
    const file = await downloads.snapshot(access.video);
    ctx.set('Content-Disposition', `attachment; filename="${file.name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    await sendStored(ctx, deps.render.files, file.key, { type: 'image/jpeg', etag: file.etag, cacheControl: 'private, max-age=3600' });
  });

  return router;
}
