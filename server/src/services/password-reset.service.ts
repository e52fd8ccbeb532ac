import { AppError } from '../http/errors.ts';
import type { AccountRepository } from '../repositories/account.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import type { UserTokenRepository } from '../repositories/user-token.repository.ts';
import type { AuthService, ClientMeta, StartSession } from './auth.service.ts';
import { hashPassword } from './auth.service.ts';
import type { MailService } from './mail.service.ts';

export const RESET_SENT = 'If an account exists for that address, we have sent a link to reset the password.';
export const RESET_LINK_TTL_MS = 3600_000;
/** More requests than this in an hour send nothing more, so the form cannot flood someone's mailbox. */
const MAX_RESETS_PER_HOUR = 5;

const unusable = (): AppError => new AppError(404, 'This password reset link has expired or was already used. Please ask for a new one.');

interface Needs {
  users: UserRepository;
  tokens: UserTokenRepository;
  accounts: AccountRepository;
  mail: MailService;
  auth: AuthService;
  startSession: StartSession;
  publicUrl: string;
}

export function passwordResetService({ users, tokens, accounts, mail, auth, startSession, publicUrl }: Needs) {
  async function usableToken(token: string) {
    const row = await tokens.findUsable(token, 'reset');
    const user = row?.user_id ? await users.findById(row.user_id) : undefined;
    if (!row || !user || user.disabled) throw unusable();
    return { row, user };
  }

  return {
    /** Answers the same whether or not the address is known, so the form does not reveal who has an account. */
    async request(emailInput: unknown): Promise<string> {
      const email = typeof emailInput === 'string' ? emailInput.trim() : '';
      if (!email) throw new AppError(400, 'Please enter your email address.');
      const user = await users.findByEmail(email);
      if (!user || user.disabled) return RESET_SENT;
      if ((await accounts.countResetsSince(user.id, new Date(Date.now() - 3600_000))) >= MAX_RESETS_PER_HOUR) return RESET_SENT;
      const { token } = await tokens.create({
        kind: 'reset',
        user_id: user.id,
        organization_id: null,
        email: user.email,
        role: null,
        created_by: null,
        expires_at: new Date(Date.now() + RESET_LINK_TTL_MS),
      });
      await mail.send({
        to: user.email,
        subject: 'Reset your password',
        body: [
          `Hello ${user.name || user.email},`,
          '',
          'Someone (hopefully you) asked to reset the password of your Tribute Videos account.',
          'To choose a new password, open this link within the next hour:',
          '',
          `${publicUrl}/users/reset_password/${token}`,
          '',
          'If you did not ask for this, you can ignore this message; your password stays as it is.',
        ].join('\n'),
      });
      return RESET_SENT;
    },

    /** The address a usable link belongs to, so the page can say whose password is being set. */
    async describe(token: string): Promise<{ email: string }> {
      const { user } = await usableToken(token);
      return { email: user.email };
    },

    /** Sets the new password, ends every other session and signs the user in. */
    async reset(token: string, password: unknown, meta: ClientMeta): Promise<{ user: UserWithOrg; token: string }> {
      const passwordHash = await hashPassword(password);
      const { row, user } = await usableToken(token);
      if (!(await accounts.resetPassword(row.id, user.id, passwordHash))) throw unusable();
      await auth.clearFailures(user.email);
      return { user, token: await startSession(user, meta, 'reset_password') };
    },
  };
}
