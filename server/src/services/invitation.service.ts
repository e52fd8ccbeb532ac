import { AppError } from '../http/errors.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import type { UserTokenRepository, UserTokenRow } from '../repositories/user-token.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import type { Role } from '../wire/auth.ts';
import { validateEmail } from './auth.service.ts';
import type { MailService } from './mail.service.ts';

export const INVITATION_DAYS = 7;

const ROLE_PHRASE: Record<Role, string> = {
  staff: 'as a staff member',
  org_admin: 'as an organization administrator',
  super: 'as a super user',
};

export type Invitation = UserTokenRow & { created_by_name: string | null };

export interface InvitationRequest {
  organizationId: number;
  email: unknown;
  role: Role;
  invitedBy: UserWithOrg;
}

/** Invitations are one-time links by email; the acceptance page (/users/invitation/{token}) creates the account. */
export function invitationService(
  tokens: UserTokenRepository,
  users: UserRepository,
  organizations: OrganizationRepository,
  mail: Pick<MailService, 'send'>,
  publicUrl: string,
) {
  return {
    async invite(request: InvitationRequest): Promise<Invitation> {
      const email = validateEmail(request.email);
      const organization = await organizations.findById(request.organizationId);
      if (!organization) throw new AppError(404, 'Not found');
      if (await users.findByEmail(email)) throw new AppError(400, `There is already an account for ${email}.`);
      // A fresh invitation replaces any still-open one for the same address, so only the newest link works.
      for (const open of await tokens.listOpenInvites(request.organizationId)) {
        if (open.email.toLowerCase() === email.toLowerCase()) await tokens.revoke(open.id, request.organizationId);
      }
      const { token, row } = await tokens.create({
        kind: 'invite',
        organization_id: request.organizationId,
        email,
        role: request.role,
        created_by: request.invitedBy.id,
        user_id: null,
        expires_at: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
      });
      const inviter = request.invitedBy.name || request.invitedBy.email;
      await mail.send({
        to: email,
        subject: `You are invited to join ${organization.organization_name} on Tribute Videos`,
        body: [
          'Hello,',
          '',
          `${inviter} has invited you to join ${organization.organization_name} on Tribute Videos ${ROLE_PHRASE[request.role]}.`,
          '',
          'To accept, open this link and choose your password:',
          `${publicUrl}/users/invitation/${token}`,
          '',
          `The link works once and expires in ${INVITATION_DAYS} days. If you were not expecting this invitation, you can ignore this email.`,
        ].join('\n'),
      });
      return { ...row, created_by_name: inviter };
    },

    async listOpen(organizationId: number): Promise<Invitation[]> {
      const rows = await tokens.listOpenInvites(organizationId);
      const names = new Map<number, string>();
      for (const id of new Set(rows.map((r) => r.created_by).filter((id): id is number => id !== null))) {
        const user = await users.findById(id);
        if (user) names.set(id, user.name || user.email);
      }
      return rows.map((r) => ({ ...r, created_by_name: r.created_by === null ? null : (names.get(r.created_by) ?? null) }));
    },

    async revoke(organizationId: number, id: number): Promise<void> {
      // Only an open invitation can be revoked; a used, expired or already revoked one looks missing.
      const open = (await tokens.listOpenInvites(organizationId)).some((invite) => invite.id === id);
      if (!open || !(await tokens.revoke(id, organizationId))) throw new AppError(404, 'Not found');
    },
  };
}

export type InvitationService = ReturnType<typeof invitationService>;
