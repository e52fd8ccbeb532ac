import Router from '@koa/router';
import path from 'node:path';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { diskFile, diskFileUpload } from '../http/audio-upload.ts';
import { AppError, notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { bodyOf, intParam } from '../http/request.ts';
import { isSuper, requireUser } from '../http/session.ts';
import { LIVE_HEADER } from '../live/events.ts';
import { audioRepository } from '../repositories/audio.repository.ts';
import { mediaFileRepository } from '../repositories/media-file.repository.ts';
import { renderInputRepository } from '../repositories/render-input.repository.ts';
import { songRepository } from '../repositories/song.repository.ts';
import { stockSongRepository } from '../repositories/stock-song.repository.ts';
import { songService, type SongCaller } from '../services/song.service.ts';
import { songTimingService } from '../services/song-timing.service.ts';
import { songUploadService } from '../services/song-upload.service.ts';
import { renderThemeService } from '../services/render-theme.service.ts';
import { ids } from '../services/slide.service.ts';
import { defaultRenderer } from '../services/stock-song-library.service.ts';
import { stockSongService } from '../services/stock-song.service.ts';
import { securityHashOf, type VideoAction } from '../services/video-access.ts';

const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
  '.aiff': 'audio/aiff',
  '.mka': 'audio/x-matroska',
  '.wma': 'audio/x-ms-wma',
};

const audioType = (key: string): string => AUDIO_TYPES[path.extname(key)] ?? 'application/octet-stream';

/** Spec 1 section 7: the music manager's calls. Every call on a video's music checks access to the video first. */
export function songsRoutes(deps: Deps): Router {
  const router = new Router();
  const songs = songRepository(deps.db);
  const stock = stockSongRepository(deps.db);
  const files = mediaFileRepository(deps.repos.storage);
  const audio = audioRepository();
  // The render's own theme rule (plain theme 5 s + 4 s without a theme, no intro when a custom theme turns it off),
  // without waiting for theme pictures: the page's length is the video's length.
  const inputs = renderInputRepository(deps.db);
  const themes = renderThemeService(inputs);
  const timing = songTimingService({ songs: inputs, slides: deps.repos.slides, theme: (video) => themes.forVideo(video) });
  const notify = async (videoId: number, owner: string | null): Promise<void> => {
    await deps.live?.notify(videoId, owner);
  };
  const service = songService({ songs, stock, videos: deps.repos.videos, timing, notify });
  const uploads = songUploadService({ songs, audio, files, timing, notify });
  const library = stockSongService({ stock, files, audio, renderer: defaultRenderer(), tmpDir: path.join(deps.config.dataDir, 'tmp') });

  async function caller(ctx: Context, videoId: unknown, action: VideoAction): Promise<SongCaller> {
    const id = typeof videoId === 'number' || typeof videoId === 'string' ? videoId : '';
    if (id === '') throw notFound();
    const access = await deps.access.check(ctx, id, action);
    return { access, securityHash: access.linkLevel !== undefined ? securityHashOf(ctx) : undefined, socketId: ctx.get(LIVE_HEADER) || null };
  }

  /** Stock music is for signed-in users and for families holding a live upload link. */
  async function stockListener(ctx: Context): Promise<{ userId?: number; securityHash?: string }> {
    const user = ctx.state.auth?.user;
    if (user) return { userId: user.id };
    const hash = securityHashOf(ctx);
    if (!hash) throw notFound();
    await deps.access.check(ctx, hash, 'view');
    return { securityHash: hash };
  }

  router.get('/r/songs/stock_list', async (ctx) => {
    const listener = await stockListener(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...(await library.list(listener.userId, listener.securityHash)), preparing: await deps.library.songsPreparing() };
  });

  for (const [route, favorite] of [['/r/songs/favorite_song', true], ['/r/songs/unfavorite_song', false]] as const) {
    router.post(route, async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await library.setFavorite(user.id, intParam(bodyOf(ctx).stock_song_id), favorite);
    });
  }

  router.get('/r/songs/stock/:id/preview.mp3', async (ctx) => {
    await stockListener(ctx);
    const key = await library.previewKey(intParam(ctx.params.id), isSuper(ctx.state.auth?.user));
    await sendStored(ctx, files, key, { type: 'audio/mpeg', cacheControl: 'private, max-age=86400' });
  });

  router.get('/r/songs/song_list/:videoId', async (ctx) => {
    const c = await caller(ctx, ctx.params.videoId, 'view');
    ctx.set('Cache-Control', 'no-store');
    const list = await service.list(c);
    // A stock song whose audio is not made yet (a new installation's first minutes) is made now, ahead of the
    // library's queue; its length reaches this page through live sync once it is measured.
    for (const song of list.songs) {
      if (song.stock_song_id && !(song.song_length > 0)) {
        void deps.library.urgentSong(song.stock_song_id).catch((err: unknown) => console.error(`Making stock song ${song.stock_song_id} failed:`, err));
      }
    }
    ctx.body = list;
  });

  router.post('/r/songs/update_timing', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { timing: await service.updateTiming(await caller(ctx, body.video_id, 'edit'), body) };
  });

  router.post('/r/songs/delete/:songId', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { timing: await service.remove(await caller(ctx, body.video_id, 'edit'), intParam(ctx.params.songId)) };
  });

  router.post('/r/songs/attach_stock', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = await service.attachStock(await caller(ctx, body.video_id, 'edit'), ids(body.stock_song_id));
  });

  router.post('/r/songs/save_options', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { timing: await service.saveOptions(await caller(ctx, body.video_id, 'edit'), intParam(body.song_id), body) };
  });

  router.post('/r/songs/reorder', async (ctx) => {
    const body = bodyOf(ctx);
    ctx.body = { success: true, timing: await service.reorder(await caller(ctx, body.video_id, 'edit'), ids(body.song_id)) };
  });

  const readUpload = diskFileUpload('file', path.join(deps.config.dataDir, 'tmp'));
  router.post('/songs/upload/:videoId', async (ctx) => {
    // Access and the family's music permission are settled before a byte of the file is read.
    const c = await caller(ctx, ctx.params.videoId, 'edit');
    await uploads.assertAllowed(c);
    await readUpload(ctx, async () => {
      const file = diskFile(ctx);
      if (!file) throw new AppError(400, 'Please choose a file to upload.');
      ctx.body = await uploads.upload(c, { path: file.path, originalName: file.originalname });
    });
  });

  /** A video's song as the browser hears it (the MP3 preview), or as it was uploaded. */
  async function songFile(ctx: Context, which: 'preview' | 'original'): Promise<void> {
    const song = await songs.find(intParam(ctx.params.songId));
    if (!song) throw notFound();
    await caller(ctx, song.video_id, 'view');
    const key = which === 'preview' ? song.preview_key : song.audio_key;
    if (!key) throw notFound();
    if (which === 'original' && song.stock_song_id === null) {
      ctx.attachment(song.song_orig_name || path.basename(key), { type: 'attachment' });
    }
    await sendStored(ctx, files, key, { type: which === 'preview' ? 'audio/mpeg' : audioType(key), cacheControl: 'private, max-age=3600' });
  }

  router.get('/r/songs/:songId/preview.mp3', (ctx) => songFile(ctx, 'preview'));
  router.get('/r/songs/:songId/original', (ctx) => songFile(ctx, 'original'));

  return router;
}
