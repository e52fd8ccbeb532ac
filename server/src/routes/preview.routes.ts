import Router from '@koa/router';
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { sendStored } from '../http/range.ts';
import { bodyOf } from '../http/request.ts';
import { readPlaylist } from '../render/compile/hls.ts';
import type { PlaybackType, PreviewStart } from '../services/preview.service.ts';
import { ACCESS_UPLOAD_ONLY } from '../services/video-access.ts';

/** How long a request for a part not made yet waits for it (the first segment comes in a few seconds). */
const WAIT_MS = 25_000;
/** The progressive MP4 stops when nothing new has come for this long. */
const STALL_MS = 90_000;
const PIECE = /^(init\.mp4|seg-\d{1,6}\.m4s)$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** node_id: absent or 'intro' for the opening (the cover photo asks so), else a slide's id. */
function previewStart(node: unknown): PreviewStart {
  if (node === undefined || node === null || node === '' || node === 'intro') return 'intro';
  const id = Number(node);
  if (!Number.isSafeInteger(id) || id <= 0 || (typeof node !== 'number' && typeof node !== 'string')) throw new AppError(400, 'That slide cannot be previewed.');
  return id;
}

export function previewRoutes(deps: Deps): Router {
  const router = new Router();
  const previews = deps.render.previews;
  const files = deps.render.files;

  async function preview(ctx: Context) {
    const found = await previews.byToken(String(ctx.params.token));
    if (!found) throw notFound();
    return found;
  }

  /** Waits until `ready` holds, the preview fails (422 with its message) or the wait runs out (404). */
  async function waitFor<T>(ctx: Context, ready: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const value = await ready();
      if (value !== undefined) return value;
      const { render } = await preview(ctx);
      if (render.status === 'failed') throw new AppError(422, render.message);
      if (Date.now() > deadline) throw notFound();
      await sleep(100);
    }
  }

  router.post('/r/videos/:videoId/partial_preview', async (ctx) => {
    const access = await deps.access.check(ctx, ctx.params.videoId, 'view');
    if (access.linkLevel === ACCESS_UPLOAD_ONLY) throw notFound();
    const body = bodyOf(ctx);
    const type = body.type ?? 'hls';
    if (type !== 'hls' && type !== 'mp4') throw new AppError(400, 'That playback type is not supported.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await previews.request(access, type as PlaybackType, previewStart(body.node_id));
  });

  router.get('/r/previews/:token/index.m3u8', async (ctx) => {
    const { folder, render } = await preview(ctx);
    if (render.status === 'failed') throw new AppError(422, render.message);
    const key = `${folder}/index.m3u8`;
    // A player given a playlist without segments may give up: answer once the first segment is listed.
    const text = await waitFor(ctx, async () => {
      if (!(await files.size(key))) return undefined;
      const body = (await files.read(key, 0, (await files.size(key)) ?? 0)).toString('utf8');
      const { uris, ended } = readPlaylist(body);
      return uris.length || ended ? body : undefined;
    });
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/vnd.apple.mpegurl';
    ctx.body = text;
  });

  router.get('/r/previews/:token/preview.mp4', async (ctx) => {
    const { folder } = await preview(ctx);
    await waitFor(ctx, async () => ((await files.size(`${folder}/init.mp4`)) ? true : undefined));
    const read = async (key: string) => files.read(key, 0, (await files.size(key)) ?? 0);
    async function* stream() {
      yield await read(`${folder}/init.mp4`);
      let sent = 0;
      let lastProgress = Date.now();
      for (;;) {
        const { uris, ended } = readPlaylist((await read(`${folder}/index.m3u8`)).toString('utf8'));
        for (; sent < uris.length; sent++, lastProgress = Date.now()) yield await read(`${folder}/${uris[sent]}`);
        const { render } = await preview(ctx);
        if (ended || render.status === 'failed' || Date.now() - lastProgress > STALL_MS) return;
        await sleep(200);
      }
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'video/mp4';
    ctx.body = Readable.from(stream());
  });

  router.get('/r/previews/:token/:piece', async (ctx) => {
    if (!PIECE.test(ctx.params.piece)) throw notFound();
    const { folder } = await preview(ctx);
    const key = `${folder}/${ctx.params.piece}`;
    await waitFor(ctx, async () => ((await files.size(key)) ? true : undefined));
    const type = ctx.params.piece.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment';
    // A published piece never changes.
    await sendStored(ctx, files, key, { type, cacheControl: 'private, max-age=86400, immutable' });
  });

  return router;
}
