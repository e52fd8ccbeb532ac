import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Context, Middleware, Next } from 'koa';
import multer from 'multer';
import { AppError } from './errors.ts';

interface KoaMulter {
  single(field: string): Middleware;
}

// @koa/multer ships without type declarations; it wraps multer's own options and middleware for Koa.
const koaMulter = createRequire(import.meta.url)('@koa/multer') as (options: multer.Options) => KoaMulter;

export const MAX_AUDIO_BYTES = 200 * 1024 * 1024;

/**
 * Streams one file from a multipart field to a temporary file under `tmpDir` (never into memory: songs are
 * large), refusing anything over `maxBytes`. The temporary file is removed after the handler, whatever happens.
 * Put it after the access check so strangers cannot make the server read uploads.
 */
export function diskFileUpload(field: string, tmpDir: string, maxBytes = MAX_AUDIO_BYTES): Middleware {
  mkdirSync(tmpDir, { recursive: true });
  const storage = multer.diskStorage({
    destination: tmpDir,
    filename: (_req, _file, done) => done(null, `upload-${Date.now()}-${randomBytes(8).toString('hex')}`),
  });
  // Browsers send UTF-8 file names without saying so; multer would read them as Latin-1.
  const upload = koaMulter({ storage, limits: { fileSize: maxBytes, files: 1, fields: 20 }, defParamCharset: 'utf8' }).single(field);
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) throw new AppError(400, 'Please choose a file to upload.');
    try {
      await upload(ctx, async () => {});
    } catch (err) {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') throw new AppError(413, `The file is too large. Please choose one of ${megabytes} MB or less.`);
      if (err instanceof multer.MulterError) throw new AppError(400, 'The upload could not be read. Please try again.');
      throw err;
    }
    try {
      await next();
    } finally {
      const file = diskFile(ctx);
      if (file) await rm(file.path, { force: true });
    }
  };
}

/** The uploaded file on disk, or undefined when the field was empty. */
export function diskFile(ctx: Context): Express.Multer.File | undefined {
  return (ctx.request as unknown as { file?: Express.Multer.File }).file;
}
