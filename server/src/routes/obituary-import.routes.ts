import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf, intParam } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import { obituaryFeedService, type FeedRow } from '../services/obituary-feed.service.ts';
import { obituaryImportService } from '../services/obituary-import.service.ts';

const toWireFeed = (feed: FeedRow) => ({ ...feed, last_run_at: feed.last_run_at ? new Date(feed.last_run_at).toISOString() : null });

/**
 * /settings/obituaries (super users): import a funeral home's obituary pages from a CSV, or save the address of a
 * feed of that CSV, which is read at once and every hour. Everyone else gets 404 (requireSuper).
 */
export function obituaryImportRoutes(deps: Deps): Router {
  const router = new Router();
  const importer = obituaryImportService(deps.db);
  const feeds = obituaryFeedService(deps.db, importer);

  const organizationOf = (value: unknown): number => {
    const id = intParam(value);
    if (!id) throw new AppError(400, 'Please choose an organization.');
    return id;
  };

  router.post('/r/settings/obituaries/import', async (ctx) => {
    requireSuper(ctx);
    const body = bodyOf(ctx);
    const organizationId = organizationOf(body.organization_id);
    if (!(await deps.repos.organizations.findById(organizationId))) throw new AppError(400, 'Please choose an organization.');
    if (typeof body.csv !== 'string') throw new AppError(400, 'Choose a CSV file to import.');
    ctx.body = await importer.importCsv(organizationId, body.csv);
  });

  router.get('/r/settings/obituaries/feeds', async (ctx) => {
    requireSuper(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { feeds: (await feeds.list()).map(toWireFeed) };
  });

  router.put('/r/settings/obituaries/feeds', async (ctx) => {
    requireSuper(ctx);
    const body = bodyOf(ctx);
    ctx.body = { feed: toWireFeed(await feeds.save(organizationOf(body.organization_id), typeof body.url === 'string' ? body.url.trim() : '')) };
  });

  router.delete('/r/settings/obituaries/feeds/:id', async (ctx) => {
    requireSuper(ctx);
    await feeds.remove(intParam(ctx.params.id));
    ctx.body = { success: true };
  });

  return router;
}
