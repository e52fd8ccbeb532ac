import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Role } from '../wire/auth.ts';
import { tokenHasher } from './session.repository.ts';

export type TokenKind = 'invite' | 'reset';

export interface UserTokenRow {
  id: number;
  kind: TokenKind;
  token_hash: string;
  user_id: number | null;
  organization_id: number | null;
  email: string;
  role: Role | null;
  created_by: number | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** One-time links (invitations, password resets): only the token's hash is stored. */
export function userTokenRepository(db: Db, secret: string) {
  const hashToken = tokenHasher(secret);
  return {
    /** Returns the raw token to put in the emailed link. */
    async create(values: Omit<UserTokenRow, 'id' | 'token_hash' | 'used_at' | 'created_at'>): Promise<{ token: string; row: UserTokenRow }> {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db('user_tokens').insert({ ...values, token_hash: hashToken(token) }).returning('*');
      return { token, row: row as UserTokenRow };
    },
    /** A token that exists, is of the kind, is unused and has not expired. */
    async findUsable(token: string, kind: TokenKind): Promise<UserTokenRow | undefined> {
      return db<UserTokenRow>('user_tokens')
        .where({ token_hash: hashToken(token), kind })
        .whereNull('used_at')
        .where('expires_at', '>', new Date())
        .first();
    },
    /** Marks it used; false when another request used it first. */
    async consume(id: number): Promise<boolean> {
      const n = await db('user_tokens').where({ id }).whereNull('used_at').update({ used_at: new Date(), updated_at: db.fn.now() });
      return n === 1;
    },
    async listOpenInvites(organizationId: number): Promise<UserTokenRow[]> {
      return db<UserTokenRow>('user_tokens')
        .where({ kind: 'invite', organization_id: organizationId })
        .whereNull('used_at')
        .where('expires_at', '>', new Date())
        .orderBy('id', 'desc');
    },
    async revoke(id: number, organizationId: number): Promise<boolean> {
      const n = await db('user_tokens').where({ id, organization_id: organizationId, kind: 'invite' }).whereNull('used_at').update({ expires_at: new Date() });
      return n === 1;
    },
  };
}

export type UserTokenRepository = ReturnType<typeof userTokenRepository>;
