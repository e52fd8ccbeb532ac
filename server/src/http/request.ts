import type { Context } from 'koa';
import type { ClientMeta } from '../services/auth.service.ts';

export type Body = Record<string, unknown>;

export const bodyOf = (ctx: Context): Body => (ctx.request.body ?? {}) as Body;

export function clientMeta(ctx: Context): ClientMeta {
  return { ip: ctx.ip || 'unknown', userAgent: ctx.get('User-Agent') };
}

/** True for classic form posts (the login and register pages): they get a redirect, scripts get JSON. */
export const isFormPost = (ctx: Context): boolean => ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

export function intParam(value: unknown): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}
