import { AppError } from '../http/errors.ts';
import type { AccountRepository } from '../repositories/account.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import type { UserTokenRepository } from '../repositories/user-token.repository.ts';
import type { Role } from '../wire/auth.ts';
import type { WireInvitation } from '../wire/accounts.ts';
import { hashPassword, requiredText, type ClientMeta, type StartSession } from './auth.service.ts';
import { EMAIL_TAKEN } from './registration.service.ts';

/** An invitation can make staff or organization administrators, never super users. */
const INVITABLE: Role[] = ['staff', 'org_admin'];

const unusable = (): AppError => new AppError(404, 'This invitation has expired or was already used. Please ask for a new one.');

/** Accepting an invitation to join an organization (sending them is invitation.service.ts). */
export function invitationAcceptanceService(users: UserRepository, tokens: UserTokenRepository, accounts: AccountRepository, startSession: StartSession) {
  async function usableInvite(token: string) {
    const row = await tokens.findUsable(token, 'invite');
    const organizationName = row?.organization_id ? await accounts.organizationName(row.organization_id) : undefined;
    if (!row?.organization_id || organizationName === undefined) throw unusable();
    const existing = await users.findByEmail(row.email);
    if (existing?.organization_id) throw new AppError(409, `${EMAIL_TAKEN} Please log in.`);
    if (existing?.disabled) throw new AppError(403, 'This account has been disabled. Please contact your administrator.');
    return { row, organizationId: row.organization_id, organizationName, existing };
  }

  return {
    async describe(token: string): Promise<WireInvitation> {
      const { row, organizationName } = await usableInvite(token);
      return { email: row.email, organization_name: organizationName };
    },

    /** Creates the user in the inviting organization (or lets an account without one join it) and signs them in. */
    async accept(token: string, input: Record<string, unknown>, meta: ClientMeta): Promise<{ user: UserWithOrg; token: string }> {
      const name = requiredText(input.name, 'your name');
      const passwordHash = await hashPassword(input.password);
      const { row, organizationId, existing } = await usableInvite(token);
      const role = row.role && INVITABLE.includes(row.role) ? row.role : 'staff';
      const outcome = await accounts.acceptInvite(row.id, { organizationId, role, email: row.email, name, passwordHash, existingUserId: existing?.id });
      if ('problem' in outcome) throw outcome.problem === 'token-used' ? unusable() : new AppError(409, `${EMAIL_TAKEN} Please log in.`);
      return { user: (await users.findById(outcome.user.id))!, token: await startSession(outcome.user, meta, 'accept_invitation') };
    },
  };
}
