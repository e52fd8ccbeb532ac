import type { Context } from 'koa';

/**
 * Answers an engine-drawn preview frame (intro-frame.service.ts). What it shows can change without its address
 * knowing (a video's title, a theme's design): the browser asks each time and hears "not modified" while the frame's
 * plan, named by its hash, is the same.
 */
export function sendFrame(ctx: Context, frame: { jpeg: Buffer; hash: string }): void {
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.set('ETag', `"${frame.hash.slice(0, 32)}"`);
  ctx.status = 200;
  ctx.type = 'image/jpeg';
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = frame.jpeg;
}
