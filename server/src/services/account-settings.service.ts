import { AppError } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserDirectoryRepository } from '../repositories/user-directory.repository.ts';
import type { UserRepository, UserRow, UserWithOrg } from '../repositories/user.repository.ts';
import type { Role } from '../wire/auth.ts';
import { searchTerms } from './accent-fold.ts';
import { boolField, defined, roleField, textField } from './settings-fields.ts';

type Body = Record<string, unknown>;

/** The roles an organization's administrator may hand out; super users are made only by super users. */
export const ORGANIZATION_ROLES: readonly Role[] = ['staff', 'org_admin'];

/** The organization an account belongs to; the own-organization screens have nothing to show without one. */
export function ownOrganizationId(user: UserWithOrg): number {
  if (user.organization_id === null) throw new AppError(404, 'Your account is not part of an organization.');
  return user.organization_id;
}

export const canManageOrganization = (user: UserWithOrg): boolean => user.role === 'org_admin' || user.role === 'super';

/** An organization's administrator managing the people of their own organization. */
export function accountStaffService(users: UserRepository, directory: UserDirectoryRepository, sessions: SessionRepository) {
  return {
    async list(organizationId: number, q: unknown, paging: Paging) {
      return directory.list({ organizationId, terms: searchTerms(q), offset: paging.offset, limit: paging.perPage });
    },

    async update(actor: UserWithOrg, organizationId: number, id: number, body: Body): Promise<UserWithOrg> {
      const target = Number.isSafeInteger(id) && id > 0 ? await users.findById(id) : undefined;
      if (!target || target.organization_id !== organizationId) throw new AppError(404, 'Not found');
      if (target.id === actor.id) throw new AppError(400, 'You cannot change your own role or disable your own account.');
      if (target.role === 'super' && actor.role !== 'super') throw new AppError(403, 'Only a super user can change a super user.');
      const values: Partial<UserRow> = defined({
        name: textField(body, 'name', 'name', { required: 'name' in body }),
        role: roleField(body, ORGANIZATION_ROLES),
        disabled: boolField(body, 'disabled', 'Disabled'),
      });
      await users.update(id, values);
      if (values.disabled) await sessions.removeForUser(id);
      return (await users.findById(id))!;
    },
  };
}

export type AccountStaffService = ReturnType<typeof accountStaffService>;
