import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { adminResourceRoutes } from './resource.routes.ts';
import type { AdminResource } from './resource.ts';
import { brandsResource } from './resources/brands.ts';
import { corporationsResource } from './resources/corporations.ts';
import { orderDetailsResource } from './resources/order-details.ts';
import { organizationsResource } from './resources/organizations.ts';
import { organizationPricesResource } from './resources/organization-prices.ts';
import { partnersResource } from './resources/partners.ts';
import { silksResource } from './resources/silks.ts';
import { taxCertificatesResource } from './resources/tax-certificates.ts';
import { stockTextCategoriesResource } from './resources/stock-text-categories.ts';
import { stockTextsResource } from './resources/stock-texts.ts';
import { stockVideosResource } from './resources/stock-videos.ts';
import { themesResource } from './resources/themes.ts';

/** Every declared administration resource; a new admin page adds its declaration here (see docs/architecture.md). */
export const ADMIN_RESOURCES: readonly AdminResource[] = [
  partnersResource,
  corporationsResource,
  organizationsResource,
  brandsResource,
  orderDetailsResource,
  organizationPricesResource,
  taxCertificatesResource,
  silksResource,
  stockTextsResource,
  stockTextCategoriesResource,
  stockVideosResource,
  themesResource,
];

/** The /r/settings/<name> routes of every declared resource. */
export function adminRoutes(deps: Deps): Router {
  const router = new Router();
  for (const resource of ADMIN_RESOURCES) router.use(adminResourceRoutes(deps.db, deps.repos.storage, resource).routes());
  return router;
}
