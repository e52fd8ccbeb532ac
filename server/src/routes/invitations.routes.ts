import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { bodyOf } from '../http/request.ts';
import { requireOrgAdmin } from '../http/session.ts';
import { ORGANIZATION_ROLES, ownOrganizationId } from '../services/account-settings.service.ts';
import { invitationService } from '../services/invitation.service.ts';
import { roleField } from '../services/settings-fields.ts';
import { toWireInvitation } from '../wire/settings.wire.ts';
import { idParam } from './organizations.routes.ts';

/** An organization's administrator invites people by email, lists the open invitations and revokes them. */
export function invitationsRoutes(deps: Deps): Router {
  const router = new Router();
  const invitations = invitationService(deps.repos.userTokens, deps.repos.users, deps.repos.organizations, deps.mail, deps.config.publicUrl);

  router.post('/r/organizations/invitations', async (ctx) => {
    const user = requireOrgAdmin(ctx);
    const organizationId = ownOrganizationId(user);
    const body = bodyOf(ctx);
    const invitation = await invitations.invite({
      organizationId,
      email: body.email,
      role: roleField(body, ORGANIZATION_ROLES) ?? 'staff',
      invitedBy: user,
    });
    ctx.status = 201;
    ctx.body = { invitation: toWireInvitation(invitation) };
  });

  router.get('/r/organizations/invitations', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { invitations: (await invitations.listOpen(organizationId)).map(toWireInvitation) };
  });

  router.delete('/r/organizations/invitations/:id', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    await invitations.revoke(organizationId, idParam(ctx));
    ctx.body = { success: true };
  });

  return router;
}
