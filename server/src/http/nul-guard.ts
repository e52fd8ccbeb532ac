import type { Context, Next } from 'koa';
import { AppError } from './errors.ts';

/** Whether a parsed body holds U+0000 in any string or key; iterative, since a body may be nested thousands deep. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold the NUL character: a query given one fails as a server error. So a request that
 * carries one in its address, query or body (a name, an id, a hash) is refused here with a clear 400, before any
 * route or query sees it (found by the route fuzz test, issue 17).
 */
export async function refuseNul(ctx: Context, next: Next): Promise<void> {
  const carries = (text: string) => text.includes('\u0000') || text.toLowerCase().includes('%00');
  if (carries(ctx.path) || carries(ctx.querystring) || holdsNul(ctx.request.body)) {
    throw new AppError(400, 'The request holds a character that is not allowed (NUL).');
  }
  await next();
}
