import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { requireSuper } from '../http/session.ts';
import { searchRepository } from '../repositories/search.repository.ts';
import { searchService } from '../services/search.service.ts';

/** The global search (spec 1 section 2.11): one source per call, so the page shows each as it arrives. */
export function searchRoutes(deps: Deps): Router {
  const router = new Router();
  const search = searchService(searchRepository(deps.db));

  router.get('/search/search', async (ctx) => {
    // Super users only; anyone else gets the 404 of a missing page, as every super call answers.
    requireSuper(ctx);
    ctx.body = await search.search(ctx.query.source, ctx.query.words);
  });

  return router;
}
