import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { pagingOf } from '../http/paging.ts';
import { bodyOf } from '../http/request.ts';
import { requireOrgAdmin, requireUser } from '../http/session.ts';
import { logoRepository } from '../repositories/logo.repository.ts';
import { userDirectoryRepository } from '../repositories/user-directory.repository.ts';
import { accountStaffService, canManageOrganization, ownOrganizationId } from '../services/account-settings.service.ts';
import { organizationService } from '../services/organization.service.ts';
import { toWireAdminUser, toWireOrganization } from '../wire/settings.wire.ts';
import { idParam } from './organizations.routes.ts';

/** An organization's own settings and people (/organizations/account_settings); staff may only read the settings. */
export function accountSettingsRoutes(deps: Deps): Router {
  const router = new Router();
  const organizations = organizationService(deps.repos.organizations, logoRepository(deps.repos.storage));
  const staff = accountStaffService(deps.repos.users, userDirectoryRepository(deps.db), deps.repos.sessions);

  router.get('/r/organizations/account_settings', async (ctx) => {
    const user = requireUser(ctx);
    const organization = await organizations.find(ownOrganizationId(user));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { organization: toWireOrganization(organization), can_manage: canManageOrganization(user) };
  });

  router.patch('/r/organizations/account_settings', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    const organization = await organizations.updateOwn(organizationId, bodyOf(ctx));
    ctx.body = { organization: toWireOrganization(organization), can_manage: true };
  });

  router.get('/r/organizations/users', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    const paging = pagingOf(ctx);
    const { rows, total } = await staff.list(organizationId, ctx.query.q, paging);
    ctx.body = { users: rows.map(toWireAdminUser), total, page: paging.page, per_page: paging.perPage };
  });

  router.patch('/r/organizations/users/:id', async (ctx) => {
    const actor = requireOrgAdmin(ctx);
    const user = await staff.update(actor, ownOrganizationId(actor), idParam(ctx), bodyOf(ctx));
    ctx.body = { user: toWireAdminUser(user) };
  });

  return router;
}
