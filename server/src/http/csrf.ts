import type { Context, Next } from 'koa';
import { AppError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser says came from another site. Same-origin form posts
 * (login, orders, ...) pass; scripts and tests without browser headers pass too, as a CLI cannot forge a victim's cookie.
 */
export function csrfGuard(publicUrl: string) {
  const trusted = new URL(publicUrl).origin;
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!SAFE.has(ctx.method)) {
      const site = ctx.get('Sec-Fetch-Site');
      if (site && site !== 'same-origin' && site !== 'none') throw new AppError(403, 'Cross-site request refused');
      const origin = ctx.get('Origin');
      // Browsers send Origin 'null' for same-origin posts from pages with a no-referrer policy (the family link
      // pages); Sec-Fetch-Site, which no page can forge, then vouches for it.
      const vouched = origin === 'null' && site === 'same-origin';
      // Koa's ctx.origin echoes the Origin header, so the request's own origin is rebuilt from protocol and host.
      if (origin && !vouched && origin !== trusted && origin !== `${ctx.protocol}://${ctx.host}`) {
        throw new AppError(403, 'Cross-site request refused');
      }
    }
    await next();
  };
}
