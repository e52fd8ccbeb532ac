import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { singleFileUpload, uploadedFile } from '../http/logo-upload.ts';
import { intParam } from '../http/request.ts';
import { requireOrgAdmin, requireUser } from '../http/session.ts';
import { LOGO_MAX_BYTES, logoRepository } from '../repositories/logo.repository.ts';
import { ownOrganizationId } from '../services/account-settings.service.ts';
import { organizationService } from '../services/organization.service.ts';
import { toWireOrganization } from '../wire/settings.wire.ts';

export const idParam = (ctx: Context): number => {
  const id = intParam(ctx.params.id);
  if (!id) throw notFound();
  return id;
};

/** Checks the caller may change their organization before a single byte of an upload is read. */
export async function orgAdminFirst(ctx: Context, next: Next): Promise<void> {
  ownOrganizationId(requireOrgAdmin(ctx));
  await next();
}

/** Serves a stored logo PNG; its URL carries a version, so browsers may keep it. */
export function sendLogo(ctx: Context, png: Buffer): void {
  ctx.type = 'image/png';
  ctx.set('Cache-Control', 'private, max-age=86400');
  ctx.body = png;
}

/** Each organization's logo. The super users' list (/r/settings/organizations) is admin/resources/organizations.ts. */
export function organizationsRoutes(deps: Deps): Router {
  const router = new Router();
  const organizations = organizationService(deps.repos.organizations, logoRepository(deps.repos.storage));
  const logoUpload = singleFileUpload('logo', LOGO_MAX_BYTES, 'logo');

  router.post('/r/organizations/logo', orgAdminFirst, logoUpload, async (ctx) => {
    const organizationId = ownOrganizationId(requireUser(ctx));
    const organization = await organizations.setLogo(organizationId, uploadedFile(ctx)?.buffer);
    ctx.body = { organization: toWireOrganization(organization) };
  });

  router.delete('/r/organizations/logo', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    ctx.body = { organization: toWireOrganization(await organizations.removeLogo(organizationId)) };
  });

  router.get('/r/organizations/:id/logo', async (ctx) => {
    const user = requireUser(ctx);
    const id = idParam(ctx);
    if (user.role !== 'super' && user.organization_id !== id) throw notFound();
    sendLogo(ctx, await organizations.openLogo(id));
  });

  return router;
}
