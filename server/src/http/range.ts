import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { StoredFile, StoredRange } from '../storage/storage-backend.ts';
import { notFound } from './errors.ts';

export interface ByteRange {
  start: number;
  /** Inclusive, as in Content-Range. */
  end: number;
}

/**
 * One byte range from a Range header: 'bytes=a-b', 'bytes=a-' or 'bytes=-n'. Null means serve the whole file
 * (no header, another unit, several ranges, or nonsense); 'unsatisfiable' means answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface SendFileOptions {
  type: string;
  cacheControl?: string;
  /** A strong validator; made from size and modification time when absent. */
  etag?: string;
}

const matchesEtag = (header: string | undefined, etag: string): boolean =>
  Boolean(header) && (header!.trim() === '*' || header!.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

/** Serves a file with HTTP Range (206, Accept-Ranges, Content-Range), If-Range and If-None-Match. */
export async function sendFile(ctx: Context, file: string, options: SendFileOptions): Promise<void> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw notFound();
  }
  if (!info.isFile()) throw notFound();
  const etag = options.etag ?? `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  await sendBytes(ctx, { size: info.size, modified: info.mtime, etag }, async (range) => createReadStream(file, range ?? {}), options);
}

/** What sendStored needs of storage (storage.repository.ts, media-file.repository.ts). */
export interface RangeSource {
  stat(key: string): Promise<StoredFile | null>;
  stream(key: string, range?: StoredRange): Promise<Readable>;
}

/**
 * Serves a stored file as sendFile does, from whichever backend holds it: with object storage each Range is read
 * from the bucket as it is asked for (a proxied range read), so the answer and its validators stay this server's.
 */
export async function sendStored(ctx: Context, storage: RangeSource, key: string, options: SendFileOptions): Promise<void> {
  const info = await storage.stat(key);
  if (!info) throw notFound();
  const etag = options.etag ?? `"${info.version}"`;
  await sendBytes(
    ctx,
    { size: info.size, modified: info.modified, etag },
    (range) =>
      // Gone since the stat (removed by a prune, say): a 404 like any missing file, not a server error.
      storage.stream(key, range ?? undefined).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? notFound() : err;
      }),
    options,
  );
}

async function sendBytes(
  ctx: Context,
  info: { size: number; modified: Date; etag: string },
  open: (range: ByteRange | null) => Promise<Readable>,
  options: SendFileOptions,
): Promise<void> {
  const { size, etag } = info;
  const lastModified = info.modified.toUTCString();
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('ETag', etag);
  ctx.set('Last-Modified', lastModified);
  if (options.cacheControl) ctx.set('Cache-Control', options.cacheControl);

  if (matchesEtag(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304;
    return;
  }

  const ifRange = ctx.get('If-Range');
  const rangeAllowed = !ifRange || ifRange === etag || ifRange === lastModified;
  const range = rangeAllowed ? parseRange(ctx.get('Range'), size) : null;
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.body = '';
    return;
  }

  ctx.type = options.type;
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  } else {
    ctx.status = 200;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  if (ctx.method === 'HEAD') {
    ctx.length = length;
    return;
  }
  ctx.body = length === 0 ? Buffer.alloc(0) : await open(range ?? { start, end });
  ctx.type = options.type;
  ctx.length = length;
}
