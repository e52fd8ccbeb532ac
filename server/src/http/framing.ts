import type { Context } from 'koa';

/**
 * app.ts sends `X-Frame-Options: SAMEORIGIN` with every reply, so no other site can frame the app (clickjacking).
 * The few pages made to be embedded elsewhere (the embedded player) call this instead: the header goes, and their
 * Content-Security-Policy, which must hold `frame-ancestors *`, says who may frame them.
 */
export function allowFramingFromAnySite(ctx: Context, contentSecurityPolicy: string): void {
  if (!/(^|;)\s*frame-ancestors \*\s*(;|$)/.test(contentSecurityPolicy)) throw new Error('An embeddable page needs frame-ancestors * in its policy.');
  ctx.remove('X-Frame-Options');
  ctx.set('Content-Security-Policy', contentSecurityPolicy);
}
