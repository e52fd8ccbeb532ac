import { AppError } from '../http/errors.ts';
import type { AccountRepository } from '../repositories/account.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import { hashPassword, requiredText, validateEmail, type ClientMeta, type StartSession } from './auth.service.ts';

export const EMAIL_TAKEN = 'An account with this email already exists.';

/** Sign-up: a new organization whose first user is its administrator. */
export function registrationService(users: UserRepository, accounts: AccountRepository, startSession: StartSession) {
  return {
    async register(input: Record<string, unknown>, meta: ClientMeta): Promise<{ user: UserWithOrg; token: string }> {
      const name = requiredText(input.name, 'your name');
      const organizationName = requiredText(input.organization, 'the name of your organization');
      const email = validateEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      if (await users.findByEmail(email)) throw new AppError(409, EMAIL_TAKEN);
      // The unique index still decides when two sign-ups with one address race past the check above.
      const created = await accounts.createOrganizationWithAdmin({ organizationName, email, name, passwordHash });
      if (!created) throw new AppError(409, EMAIL_TAKEN);
      const token = await startSession(created, meta, 'register');
      return { user: (await users.findById(created.id))!, token };
    },
  };
}
