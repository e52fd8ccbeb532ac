import type { Context, Next } from 'koa';
import { encodeBody } from './content-coding.ts';
import { chooseEncoding } from './static.ts';

/** Smaller answers gain too little on the wire to be worth compressing on each request. */
export const COMPRESS_MIN_BYTES = 32 * 1024;

/**
 * Sends a route's large JSON answers compressed, brotli then gzip as Accept-Encoding allows, for the calls that make
 * their answer on each request (the big read calls compress once, in http/cached-answer.ts, and pass through here
 * untouched as their body is already a Buffer). Only a 200 whose body is a plain object or array is touched.
 */
export async function compressJson(ctx: Context, next: Next): Promise<void> {
  await next();
  const body: unknown = ctx.body;
  const plain = Array.isArray(body) || (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype);
  if (ctx.status !== 200 || !plain || ctx.response.get('Content-Encoding')) return;
  // Koa typed it as JSON when the route set it; the Buffer keeps that type.
  const json = Buffer.from(JSON.stringify(body));
  ctx.vary('Accept-Encoding');
  const encoding = json.length >= COMPRESS_MIN_BYTES ? chooseEncoding(ctx.get('Accept-Encoding')) : undefined;
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = encoding ? await encodeBody(encoding, json) : json;
}
