import { AppError } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import { passwordHasher } from '../repositories/password.repository.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserDirectoryRepository } from '../repositories/user-directory.repository.ts';
import type { UserRepository, UserRow, UserWithOrg } from '../repositories/user.repository.ts';
import type { Role } from '../wire/auth.ts';
import { searchTerms } from './accent-fold.ts';
import { validateEmail, validatePassword } from './auth.service.ts';
import type { Invitation, InvitationService } from './invitation.service.ts';
import { boolField, defined, idField, roleField, textField } from './settings-fields.ts';

type Body = Record<string, unknown>;

export const ROLES: readonly Role[] = ['staff', 'org_admin', 'super'];

const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === '23505';

/** Users of every organization, for super users. */
export function settingsUserService(
  users: UserRepository,
  directory: UserDirectoryRepository,
  organizations: OrganizationRepository,
  sessions: SessionRepository,
  invitations: InvitationService,
) {
  async function find(id: number): Promise<UserWithOrg> {
    const user = Number.isSafeInteger(id) && id > 0 ? await users.findById(id) : undefined;
    if (!user) throw new AppError(404, 'Not found');
    return user;
  }

  async function checkOrganization(role: Role, organizationId: number | null): Promise<void> {
    if (organizationId === null) {
      if (role !== 'super') throw new AppError(400, 'Please choose the organization this user works for.');
      return;
    }
    if (!(await organizations.findById(organizationId))) throw new AppError(400, 'Please choose a valid organization.');
  }

  async function checkEmailFree(email: string, exceptId?: number): Promise<void> {
    const other = await users.findByEmail(email);
    if (other && other.id !== exceptId) throw new AppError(400, `There is already an account for ${email}.`);
  }

  return {
    find,

    async list(filter: { q: unknown; organizationId?: number }, paging: Paging) {
      return directory.list({ organizationId: filter.organizationId, terms: searchTerms(filter.q), offset: paging.offset, limit: paging.perPage });
    },

    /** Creates the account with a password, or (send_invitation) mails an invitation that creates it on acceptance. */
    async create(actor: UserWithOrg, body: Body): Promise<{ user: UserWithOrg } | { invitation: Invitation }> {
      const role = roleField(body, ROLES) ?? 'staff';
      const organizationId = idField(body, 'organization_id', 'organization') ?? null;
      const email = validateEmail(body.email);
      await checkOrganization(role, organizationId);
      await checkEmailFree(email);
      if (body.send_invitation === true) {
        if (organizationId === null) throw new AppError(400, 'An invitation needs an organization to join.');
        // Accepting an invitation never grants super user rights, so such an invitation would mislead.
        if (role === 'super') throw new AppError(400, 'Super users are created with a password, not by invitation.');
        const invitation = await invitations.invite({ organizationId, email, role, invitedBy: actor });
        return { invitation };
      }
      const name = textField(body, 'name', 'name', { required: true })!;
      const passwordHash = await passwordHasher.hash(validatePassword(body.password));
      try {
        const row = await users.create({ email, name, role, organization_id: organizationId, password_hash: passwordHash });
        return { user: await find(row.id) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(400, `There is already an account for ${email}.`);
        throw err;
      }
    },

    async update(actor: UserWithOrg, id: number, body: Body): Promise<UserWithOrg> {
      const current = await find(id);
      const values: Partial<UserRow> = defined({
        name: textField(body, 'name', 'name', { required: 'name' in body }),
        email: 'email' in body ? validateEmail(body.email) : undefined,
        role: roleField(body, ROLES),
        organization_id: idField(body, 'organization_id', 'organization'),
        disabled: boolField(body, 'disabled', 'Disabled'),
      });
      if (id === actor.id && values.disabled) throw new AppError(400, 'You cannot disable your own account.');
      if (id === actor.id && values.role && values.role !== 'super') throw new AppError(400, 'You cannot remove your own super user role.');
      await checkOrganization(values.role ?? current.role, values.organization_id === undefined ? current.organization_id : values.organization_id);
      if (values.email) await checkEmailFree(values.email, id);
      try {
        await users.update(id, values);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(400, `There is already an account for ${values.email}.`);
        throw err;
      }
      // A disabled account must not stay signed in anywhere.
      if (values.disabled) await sessions.removeForUser(id);
      return find(id);
    },
  };
}

export type SettingsUserService = ReturnType<typeof settingsUserService>;
