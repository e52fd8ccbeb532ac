import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { singleFileUpload, uploadedFile } from '../http/logo-upload.ts';
import { pagingOf } from '../http/paging.ts';
import { bodyOf } from '../http/request.ts';
import { requireOrgAdmin, requireUser } from '../http/session.ts';
import { LOGO_MAX_BYTES, logoRepository } from '../repositories/logo.repository.ts';
import { ownOrganizationId } from '../services/account-settings.service.ts';
import { brandService } from '../services/brand.service.ts';
import { toWireBrand } from '../wire/settings.wire.ts';
import { idParam, orgAdminFirst, sendLogo } from './organizations.routes.ts';

/** An organization's own brands for its members, and brand logos. Super users' list of every brand is admin/resources/brands.ts. */
export function brandsRoutes(deps: Deps): Router {
  const router = new Router();
  const brands = brandService(deps.repos.brands, deps.repos.organizations, logoRepository(deps.repos.storage));
  const logoUpload = singleFileUpload('logo', LOGO_MAX_BYTES, 'logo');

  router.get('/r/organizations/brands', async (ctx) => {
    const organizationId = ownOrganizationId(requireUser(ctx));
    const paging = pagingOf(ctx);
    const { rows, total } = await brands.list({ q: ctx.query.q, organizationId }, paging);
    ctx.body = { brands: rows.map(toWireBrand), total, page: paging.page, per_page: paging.perPage };
  });

  router.post('/r/organizations/brands', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    ctx.status = 201;
    ctx.body = { brand: toWireBrand(await brands.create(bodyOf(ctx), organizationId)) };
  });

  router.patch('/r/organizations/brands/:id', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    ctx.body = { brand: toWireBrand(await brands.update(idParam(ctx), bodyOf(ctx), organizationId)) };
  });

  router.post('/r/organizations/brands/:id/logo', orgAdminFirst, logoUpload, async (ctx) => {
    const organizationId = ownOrganizationId(requireUser(ctx));
    ctx.body = { brand: toWireBrand(await brands.setLogo(idParam(ctx), uploadedFile(ctx)?.buffer, organizationId)) };
  });

  router.delete('/r/organizations/brands/:id/logo', async (ctx) => {
    const organizationId = ownOrganizationId(requireOrgAdmin(ctx));
    ctx.body = { brand: toWireBrand(await brands.removeLogo(idParam(ctx), organizationId)) };
  });

  router.get('/r/organizations/brands/:id/logo', async (ctx) => {
    const user = requireUser(ctx);
    // Super users see every brand's logo; members only their own organization's (another's answers 404).
    const organizationId = user.role === 'super' ? undefined : ownOrganizationId(user);
    sendLogo(ctx, await brands.openLogo(idParam(ctx), organizationId));
  });

  return router;
}
