import type { Context, Next } from 'koa';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import { AppError } from './errors.ts';

export const SESSION_COOKIE = 'tribute_session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface AuthState {
  user?: UserWithOrg;
  /** The super user behind a switched session (/users/logout/in returns to them). */
  adminUser?: UserWithOrg;
  sessionToken?: string;
}

declare module 'koa' {
  interface DefaultState {
    auth: AuthState;
  }
}

export function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, overwrite: true, maxAge: SESSION_TTL_MS, signed: false };
}

/**
 * Loads the signed-in user (if any) from the session cookie into ctx.state.auth.
 * `secureCookies` (an https PUBLIC_URL): the server itself only speaks HTTP, so a TLS terminator is in front and
 * the connection is taken as secure for cookies, whether or not TRUST_PROXY lets Koa read X-Forwarded-Proto
 * (without it the cookies library refuses to send a Secure cookie and every sign-in fails).
 */
export function sessionMiddleware(sessions: SessionRepository, users: UserRepository, secureCookies = false) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (secureCookies) ctx.cookies.secure = true;
    ctx.state.auth = {};
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const found = await sessions.findWithUser(token);
      if (found && !found.user.disabled) {
        const { session, user } = found;
        ctx.state.auth = { user, sessionToken: token };
        if (session.admin_user_id) ctx.state.auth.adminUser = await users.findById(session.admin_user_id);
        // Slide the expiry at most once an hour to keep writes off the hot path.
        if (Date.now() - new Date(session.last_seen_at).getTime() > 3600_000) await sessions.touch(session.id, SESSION_TTL_MS);
      }
    }
    await next();
  };
}

export function requireUser(ctx: Context): UserWithOrg {
  const user = ctx.state.auth?.user;
  if (!user) throw new AppError(401, 'Please log in.');
  return user;
}

export function requireSuper(ctx: Context): UserWithOrg {
  const user = requireUser(ctx);
  // Not found rather than forbidden: admin pages do not announce themselves.
  if (user.role !== 'super') throw new AppError(404, 'Not found');
  return user;
}

export function requireOrgAdmin(ctx: Context): UserWithOrg {
  const user = requireUser(ctx);
  if (user.role !== 'super' && user.role !== 'org_admin') throw new AppError(403, 'Only an organization administrator can do that.');
  return user;
}

export const isSuper = (user: UserWithOrg | undefined): boolean => user?.role === 'super';
