import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { withOrganization, type UserWithOrg } from './user.repository.ts';

export interface SessionRow {
  id: string;
  user_id: number;
  admin_user_id: number | null;
  expires_at: Date;
  last_seen_at: Date;
}

/**
 * What the database keeps of a cookie or emailed token: an HMAC keyed by SESSION_SECRET, so neither a leaked table
 * nor a leaked secret alone lets anyone present a valid token.
 */
export const tokenHasher = (secret: string) => (token: string): string => createHmac('sha256', secret).update(token).digest('hex');

export function sessionRepository(db: Db, secret: string) {
  const hashToken = tokenHasher(secret);
  return {
    /** Returns the cookie token; only its hash is stored. */
    async create(userId: number, ttlMs: number, meta: { ip?: string; userAgent?: string; adminUserId?: number | null }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db('sessions').insert({
        id: hashToken(token),
        user_id: userId,
        admin_user_id: meta.adminUserId ?? null,
        expires_at: new Date(Date.now() + ttlMs),
        ip: meta.ip?.slice(0, 64),
        user_agent: meta.userAgent?.slice(0, 500),
      });
      return token;
    },
    async find(token: string): Promise<SessionRow | undefined> {
      return db<SessionRow>('sessions').where({ id: hashToken(token) }).where('expires_at', '>', new Date()).first();
    },
    /** A live session and its user in one query (every signed-in request asks this first). */
    async findWithUser(token: string): Promise<{ session: SessionRow; user: UserWithOrg } | undefined> {
      const row = (await withOrganization(db('sessions').join('users', 'users.id', 'sessions.user_id'))
        .select('sessions.id as session_id', 'sessions.admin_user_id as session_admin_user_id', 'sessions.expires_at as session_expires_at', 'sessions.last_seen_at as session_last_seen_at')
        .where('sessions.id', hashToken(token))
        .where('sessions.expires_at', '>', new Date())
        .first()) as (UserWithOrg & { session_id: string; session_admin_user_id: number | null; session_expires_at: Date; session_last_seen_at: Date }) | undefined;
      if (!row) return undefined;
      const { session_id, session_admin_user_id, session_expires_at, session_last_seen_at, ...user } = row;
      return { session: { id: session_id, user_id: user.id, admin_user_id: session_admin_user_id, expires_at: session_expires_at, last_seen_at: session_last_seen_at }, user };
    },
    async touch(id: string, ttlMs: number): Promise<void> {
      await db('sessions').where({ id }).update({ last_seen_at: new Date(), expires_at: new Date(Date.now() + ttlMs) });
    },
    async remove(token: string): Promise<void> {
      await db('sessions').where({ id: hashToken(token) }).delete();
    },
    async removeForUser(userId: number): Promise<void> {
      await db('sessions').where({ user_id: userId }).delete();
    },
    async purgeExpired(): Promise<number> {
      return db('sessions').where('expires_at', '<', new Date()).delete();
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
