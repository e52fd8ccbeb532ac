import type { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { Context, Next } from 'koa';
import { statfs } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { isDiskFull } from '../repositories/upload-store.repository.ts';
import type { SlideRow } from '../repositories/slide.repository.ts';
import type { UploadService } from '../services/upload.service.ts';
import { DISK_FULL } from '../services/upload.service.ts';

export const UPLOAD_PATH = '/r/uploads';
/** The id the reservation chose for a tus upload, handed from this middleware to tus's naming hook. */
const reservedNames = new WeakMap<IncomingMessage, string>();
const nodeRequestOf = (req: unknown): IncomingMessage | undefined => (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
/** Lets a family page send its upload-link hash on every tus request (tus-js-client sets headers, not bodies). */
const HASH_HEADER = 'x-security-hash';

function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const tusError = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ errors: [message] }) });

export function createTusServer(datastore: FileStore, uploads: () => UploadService): TusServer {
  return new TusServer({
    path: UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    exposedHeaders: ['X-Slide-Id'],
    namingFunction: (req) => {
      const node = nodeRequestOf(req);
      const name = node && reservedNames.get(node);
      if (!name) throw tusError(400, 'Upload not prepared.');
      return name;
    },
    async onUploadFinish(_req, upload) {
      const slide = await uploads().slideFor(upload.id);
      if (!slide) throw tusError(404, 'Not found');
      try {
        const row = await uploads().complete(slide);
        return { headers: { 'X-Slide-Id': row.id } };
      } catch (err) {
        if (err instanceof AppError) throw tusError(err.status, err.message);
        throw err;
      }
    },
    /** A write that failed for want of space (UploadStore keeps the cause): 507 with a plain message, no partial file. */
    async onResponseError(req, err) {
      if (!isDiskFull(err)) return undefined;
      const id = new URL(req.url).pathname.split('/').pop() ?? '';
      const slide = await uploads().slideFor(id);
      if (slide) await uploads().diskFull(slide);
      return tusError(507, DISK_FULL);
    },
  });
}

/**
 * Resumable uploads (tus 1.0) under /r/uploads: this middleware checks access and reserves the slide, then hands
 * the raw request to @tus/server. Partial uploads live under DATA_DIR/uploads and survive restarts.
 */
export function uploadsMiddleware(deps: Deps) {
  const tus = createTusServer(deps.uploadStore, () => deps.uploads);

  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== UPLOAD_PATH && !ctx.path.startsWith(`${UPLOAD_PATH}/`)) return next();
    // The family's Done button (POST /r/uploads/done/{securityHash}) is an ordinary route, not a tus upload.
    if (ctx.path.startsWith(`${UPLOAD_PATH}/done/`)) return next();
    const hash = ctx.get(HASH_HEADER);
    // Not copied into ctx.query: that rewrites req.url, and tus reads the upload id from it.
    if (hash) ctx.state.securityHash = hash;

    if (ctx.method === 'POST' && (ctx.path === UPLOAD_PATH || ctx.path === `${UPLOAD_PATH}/`)) {
      const meta = parseMetadata(ctx.get('Upload-Metadata'));
      const fileName = meta.filename ?? '';
      if (fileName.startsWith('._')) throw new AppError(400, 'Mac metadata files are ignored.');
      const access = await deps.access.check(ctx, meta.video_id ?? '', 'upload');
      const name = await deps.uploads.reserve(access, {
        fileName,
        fileType: meta.filetype ?? '',
        size: Number(ctx.get('Upload-Length')),
        clientUploadId: meta.upload_id ?? '',
      });
      reservedNames.set(ctx.req, name);
      await handOver(ctx);
      if (ctx.res.statusCode >= 400) {
        const slide = await deps.uploads.slideFor(name);
        if (slide) await deps.uploads.cancelled(slide);
      }
      return;
    }

    if (ctx.method === 'OPTIONS') return handOver(ctx);
    const id = ctx.path.slice(UPLOAD_PATH.length + 1);
    const slide = id ? await deps.uploads.slideFor(id) : undefined;
    if (!slide) throw new AppError(404, 'Not found');
    await deps.access.check(ctx, slide.video_id, 'upload');
    if (ctx.method === 'PATCH') {
      await deps.uploads.touch(slide);
      if (await noRoomFor(Number(ctx.get('Content-Length')))) {
        await deps.uploads.diskFull(slide);
        ctx.status = 507;
        ctx.set('Tus-Resumable', '1.0.0');
        ctx.body = { errors: [DISK_FULL] };
        return;
      }
    }
    if (ctx.method === 'HEAD') {
      const current = slide.processing_state === 'uploading' ? await finishIfComplete(deps, slide) : slide;
      if (isFinished(current)) return answerFinished(ctx, current);
    }
    await handOver(ctx);
    if (ctx.method === 'DELETE' && ctx.res.statusCode < 300) await deps.uploads.cancelled(slide);
  };

  async function handOver(ctx: Context): Promise<void> {
    ctx.respond = false;
    await tus.handle(ctx.req, ctx.res);
  }

  /** A server killed after the last byte but before the finish step: the resuming client's HEAD completes it. */
  async function finishIfComplete(d: Deps, slide: SlideRow): Promise<SlideRow> {
    const info = await tus.datastore.getUpload(slide.tus_id!).catch(() => undefined);
    if (!info || info.size === undefined || info.offset !== info.size) return slide;
    return d.uploads.complete(slide).catch(() => slide);
  }

  /** True when the disk holding partial uploads has less free space than the chunk about to arrive. */
  async function noRoomFor(bytes: number): Promise<boolean> {
    if (!Number.isSafeInteger(bytes) || bytes <= 0) return false;
    const fs = await statfs(deps.uploadStore.directory).catch(() => undefined);
    return fs !== undefined && fs.bavail * fs.bsize < bytes;
  }
}

/** Every byte arrived and the file moved into storage (the slide is processing or done). */
const isFinished = (slide: SlideRow): boolean => !slide.deleted_at && slide.bytes !== null && (slide.processing_state === 'pending' || slide.processing_state === 'ready');

/**
 * HEAD on an upload that is already complete: its bytes have left the tus store, so tus would answer 404 and the
 * client would start over. Answer as tus does for a finished upload, with the slide id the last PATCH would carry.
 */
function answerFinished(ctx: Context, slide: SlideRow): void {
  ctx.status = 200;
  ctx.set({
    'Tus-Resumable': '1.0.0',
    'Cache-Control': 'no-store',
    'Upload-Offset': String(slide.bytes),
    'Upload-Length': String(slide.bytes),
    'X-Slide-Id': String(slide.id),
    'Access-Control-Expose-Headers': 'Upload-Offset, Upload-Length, Tus-Resumable, X-Slide-Id',
  });
}
