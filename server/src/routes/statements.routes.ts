import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { reportsRepository } from '../repositories/reports.repository.ts';
import { statementsService } from '../services/statements.service.ts';

/**
 * The organization whose bills the caller may read: their own, when its billing flag is on (the flag that shows
 * the drawer's Billing link). Anyone else signed in gets the 404 of a missing page.
 */
export async function billingOrganization(ctx: Context, deps: Deps): Promise<{ id: number; name: string }> {
  const user = requireUser(ctx);
  if (user.organization_id === null) throw notFound();
  const org = await deps.db('organizations').where({ id: user.organization_id }).first('id', 'organization_name', 'billing');
  if (!org?.billing) throw notFound();
  return { id: org.id, name: org.organization_name };
}

/** GET /r/statements/history: the caller's organization's statements by month (wire/statements.ts). */
export function statementsRoutes(deps: Deps): Router {
  const router = new Router();
  const statements = statementsService(reportsRepository(deps.db));

  router.get('/r/statements/history', async (ctx) => {
    const org = await billingOrganization(ctx, deps);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await statements.history(org.id, org.name);
  });

  return router;
}
