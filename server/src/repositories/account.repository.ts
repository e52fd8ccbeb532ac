import type { Knex } from 'knex';
import type { Db } from '../db/database.ts';
import type { Role } from '../wire/auth.ts';
import type { UserRow } from './user.repository.ts';

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === UNIQUE_VIOLATION;

/** Marks a one-time token used inside the transaction; false when another request used it first. */
async function consumeToken(trx: Knex.Transaction, tokenId: number): Promise<boolean> {
  const n = await trx('user_tokens').where({ id: tokenId }).whereNull('used_at').update({ used_at: new Date(), updated_at: trx.fn.now() });
  return n === 1;
}

export type InviteOutcome = { user: UserRow } | { problem: 'token-used' | 'email-taken' };

/** Account changes that touch several tables and must happen all together or not at all. */
export function accountRepository(db: Db) {
  return {
    /** A new organization with its first administrator; undefined when the email is already registered. */
    async createOrganizationWithAdmin(values: { organizationName: string; email: string; name: string; passwordHash: string }): Promise<UserRow | undefined> {
      try {
        return await db.transaction(async (trx) => {
          const [org] = await trx('organizations').insert({ organization_name: values.organizationName }).returning('id');
          const [user] = await trx('users')
            .insert({ organization_id: org.id, email: values.email, name: values.name, role: 'org_admin', password_hash: values.passwordHash })
            .returning('*');
          return user as UserRow;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** Uses an invitation: a new user, or an existing user without an organization joining it. */
    async acceptInvite(
      tokenId: number,
      values: { organizationId: number; role: Role; email: string; name: string; passwordHash: string; existingUserId?: number },
    ): Promise<InviteOutcome> {
      try {
        return await db.transaction(async (trx) => {
          if (!(await consumeToken(trx, tokenId))) return { problem: 'token-used' as const };
          const fields = { organization_id: values.organizationId, role: values.role, name: values.name, password_hash: values.passwordHash };
          const [user] = values.existingUserId
            ? await trx('users')
                .where({ id: values.existingUserId })
                .whereNull('organization_id')
                .update({ ...fields, updated_at: trx.fn.now() })
                .returning('*')
            : await trx('users')
                .insert({ ...fields, email: values.email })
                .returning('*');
          if (!user) throw Object.assign(new Error('joined elsewhere meanwhile'), { code: UNIQUE_VIOLATION });
          return { user: user as UserRow };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { problem: 'email-taken' };
        throw err;
      }
    },

    /** Sets a new password from a reset token and ends every session of the user; false when the token was used meanwhile. */
    async resetPassword(tokenId: number, userId: number, passwordHash: string): Promise<boolean> {
      return db.transaction(async (trx) => {
        if (!(await consumeToken(trx, tokenId))) return false;
        await trx('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: trx.fn.now() });
        await trx('sessions').where({ user_id: userId }).delete();
        return true;
      });
    },

    async organizationName(organizationId: number): Promise<string | undefined> {
      const row = await db('organizations').where({ id: organizationId, disabled: false }).first('organization_name');
      return row?.organization_name;
    },

    /** How many reset links a user was sent since a moment, to keep the form from flooding a mailbox. */
    async countResetsSince(userId: number, since: Date): Promise<number> {
      const [{ count }] = await db('user_tokens').where({ kind: 'reset', user_id: userId }).where('created_at', '>', since).count<{ count: number }[]>('* as count');
      return Number(count);
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
