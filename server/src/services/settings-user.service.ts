import { readFields, refuseProblems, type AdminField, type FieldMessages } from '../admin/fields.ts';
import { AppError } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import { passwordHasher } from '../repositories/password.repository.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserDirectoryRepository } from '../repositories/user-directory.repository.ts';
import type { UserRepository, UserRow, UserWithOrg } from '../repositories/user.repository.ts';
import type { Role } from '../wire/auth.ts';
import { searchTerms } from './accent-fold.ts';
import { validatePassword } from './auth.service.ts';
import type { Invitation, InvitationService } from './invitation.service.ts';

type Body = Record<string, unknown>;

export const ROLES: readonly Role[] = ['staff', 'org_admin', 'super'];

const NAME: AdminField = { column: 'name', label: 'name', kind: 'text', required: true };
const EMAIL: AdminField = { column: 'email', label: 'email address', kind: 'email', required: true, max: 320 };
const ROLE: AdminField = { column: 'role', label: 'role', kind: 'choice', choices: ROLES };
const ORGANIZATION: AdminField = { column: 'organization_id', label: 'organization', kind: 'reference' };
/** A new account with a first password (checked apart: passwordProblem). */
const USER_FIELDS: readonly AdminField[] = [NAME, EMAIL, ROLE, ORGANIZATION];
/** An invitation: the invitee gives their own name when accepting. */
const INVITATION_FIELDS: readonly AdminField[] = [EMAIL, ROLE, ORGANIZATION];
const USER_UPDATE_FIELDS: readonly AdminField[] = [NAME, EMAIL, { ...ROLE, required: true }, ORGANIZATION, { column: 'disabled', label: 'disabled', kind: 'bool' }];

const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === '23505';
const takenMessage = (email: string) => `There is already an account for ${email}.`;

/** The sign-up rule for passwords (auth.service), as a field message. */
function passwordProblem(password: unknown): string | undefined {
  try {
    validatePassword(password);
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

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

  /**
   * Adds the problems only the database can see (the organization exists, the address is free) and the ones across
   * fields (a role without an organization) to those readFields found, beside the field each is about.
   */
  async function checkAcross(problems: FieldMessages, role: Role, organizationId: number | null, email: unknown, exceptId?: number): Promise<void> {
    if (!problems.organization_id) {
      if (organizationId === null && role !== 'super') problems.organization_id = 'Please choose the organization this user works for.';
      else if (organizationId && !(await organizations.findById(organizationId))) problems.organization_id = 'Please choose a valid organization.';
    }
    if (typeof email === 'string' && !problems.email) {
      const other = await users.findByEmail(email);
      if (other && other.id !== exceptId) problems.email = takenMessage(email);
    }
  }

  return {
    find,

    async list(filter: { q: unknown; organizationId?: number }, paging: Paging) {
      return directory.list({ organizationId: filter.organizationId, terms: searchTerms(filter.q), offset: paging.offset, limit: paging.perPage });
    },

    /**
     * Creates the account with a password, or (send_invitation) mails an invitation that creates it on acceptance.
     * Every field's problem is answered at once.
     */
    async create(actor: UserWithOrg, body: Body): Promise<{ user: UserWithOrg } | { invitation: Invitation }> {
      const inviting = body.send_invitation === true;
      const { values, problems } = readFields(inviting ? INVITATION_FIELDS : USER_FIELDS, body, true);
      const role = (values.role as Role | null | undefined) ?? 'staff';
      const organizationId = (values.organization_id as number | null | undefined) ?? null;
      if (!inviting && !problems.password) {
        const password = passwordProblem(body.password);
        if (password) problems.password = password;
      }
      if (inviting) {
        if (organizationId === null) problems.organization_id ??= 'An invitation needs an organization to join.';
        // Accepting an invitation never grants super user rights, so such an invitation would mislead.
        if (role === 'super') problems.role ??= 'Super users are created with a password, not by invitation.';
      }
      await checkAcross(problems, role, organizationId, values.email);
      refuseProblems(problems);
      const email = values.email as string;
      if (inviting) return { invitation: await invitations.invite({ organizationId: organizationId!, email, role, invitedBy: actor }) };
      const passwordHash = await passwordHasher.hash(body.password as string);
      try {
        const row = await users.create({ email, name: values.name as string, role, organization_id: organizationId, password_hash: passwordHash });
        return { user: await find(row.id) };
      } catch (err) {
        if (isUniqueViolation(err)) refuseProblems({ email: takenMessage(email) });
        throw err;
      }
    },

    /** Changes the fields the body sends; every field's problem is answered at once. */
    async update(actor: UserWithOrg, id: number, body: Body): Promise<UserWithOrg> {
      const current = await find(id);
      const { values, problems } = readFields(USER_UPDATE_FIELDS, body, false);
      const changes = values as Partial<UserRow>;
      if (id === actor.id && changes.disabled) problems.disabled ??= 'You cannot disable your own account.';
      if (id === actor.id && changes.role && changes.role !== 'super') problems.role ??= 'You cannot remove your own super user role.';
      const organizationId = changes.organization_id === undefined ? current.organization_id : changes.organization_id;
      await checkAcross(problems, changes.role ?? current.role, organizationId, changes.email, id);
      refuseProblems(problems);
      try {
        await users.update(id, changes);
      } catch (err) {
        if (isUniqueViolation(err)) refuseProblems({ email: takenMessage(changes.email ?? '') });
        throw err;
      }
      // A disabled account must not stay signed in anywhere.
      if (changes.disabled) await sessions.removeForUser(id);
      return find(id);
    },
  };
}

export type SettingsUserService = ReturnType<typeof settingsUserService>;
