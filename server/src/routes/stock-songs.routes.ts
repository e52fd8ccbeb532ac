import Router from '@koa/router';
import type { Context, Next } from 'koa';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import { diskFile, diskFileUpload } from '../http/audio-upload.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import { audioRepository } from '../repositories/audio.repository.ts';
import { mediaFileRepository } from '../repositories/media-file.repository.ts';
import { stockSongRepository } from '../repositories/stock-song.repository.ts';
import { defaultRenderer } from '../services/stock-song-library.service.ts';
import { stockSongService } from '../services/stock-song.service.ts';
import { idParam } from './organizations.routes.ts';

/** The stock music library for super users (/settings/stock_songs): upload, edit, hide, premium, categories. */
export function stockSongsRoutes(deps: Deps): Router {
  const router = new Router();
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  const service = stockSongService({
    stock: stockSongRepository(deps.db),
    files: mediaFileRepository(deps.repos.storage),
    audio: audioRepository(),
    renderer: defaultRenderer(),
    tmpDir,
  });
  const superFirst = async (ctx: Context, next: Next): Promise<void> => {
    requireSuper(ctx);
    await next();
  };

  router.get('/r/settings/stock_songs', superFirst, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.adminList();
  });

  router.post('/r/settings/stock_songs', superFirst, diskFileUpload('file', tmpDir), async (ctx) => {
    const file = diskFile(ctx);
    if (!file) throw new AppError(400, 'Please choose a file to upload.');
    ctx.body = { stock_song: await service.upload({ path: file.path, originalName: file.originalname }, bodyOf(ctx)) };
  });

  router.patch('/r/settings/stock_songs/:id', superFirst, async (ctx) => {
    ctx.body = { stock_song: await service.update(idParam(ctx), bodyOf(ctx)) };
  });

  router.post('/r/settings/stock_song_categories', superFirst, async (ctx) => {
    ctx.body = { category: await service.createCategory(bodyOf(ctx)) };
  });

  router.patch('/r/settings/stock_song_categories/:id', superFirst, async (ctx) => {
    ctx.body = { category: await service.renameCategory(idParam(ctx), bodyOf(ctx)) };
  });

  return router;
}
