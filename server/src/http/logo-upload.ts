import type { Context, Middleware, Next } from 'koa';
import { createRequire } from 'node:module';
import multer from 'multer';
import { AppError } from './errors.ts';

interface KoaMulter {
  single(field: string): Middleware;
}

// @koa/multer ships without type declarations; it wraps multer's own options and middleware for Koa.
const koaMulter = createRequire(import.meta.url)('@koa/multer') as (options: multer.Options) => KoaMulter;

/**
 * Reads one file from a multipart field into memory, refusing anything over maxBytes with a message a
 * person can act on. Put it after the access check so strangers cannot make the server read uploads.
 */
export function singleFileUpload(field: string, maxBytes: number, label: string): Middleware {
  const upload = koaMulter({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 10 } }).single(field);
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) throw new AppError(400, `Please choose a ${label} file to upload.`);
    try {
      await upload(ctx, async () => {});
    } catch (err) {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        throw new AppError(413, `The ${label} file is too large. Please choose one of ${megabytes} MB or less.`);
      }
      if (err instanceof multer.MulterError) throw new AppError(400, `The ${label} upload could not be read. Please try again.`);
      throw err;
    }
    await next();
  };
}

/** The uploaded file's bytes, or undefined when the field was empty. */
export function uploadedFile(ctx: Context): Express.Multer.File | undefined {
  return (ctx.request as unknown as { file?: Express.Multer.File }).file;
}
