import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

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
