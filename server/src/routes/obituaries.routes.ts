import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { intParam } from '../http/request.ts';
import { obituaryRepository } from '../repositories/obituary.repository.ts';
import { obituaryService } from '../services/obituary.service.ts';
import type { WireObituaryStatus } from '../wire/obituary.ts';
import { superUserOnly } from './video-admin.routes.ts';

/** GET /r/obituaries/status?video_id= : the admin's obituary widget (spec 3 section 2.8). */
export function obituariesRoutes(deps: Deps): Router {
  const router = new Router();
  const obituaries = obituaryService(obituaryRepository(deps.db));

  router.get('/r/obituaries/status', async (ctx) => {
    superUserOnly(ctx);
    const { video } = await deps.access.check(ctx, intParam(ctx.query.video_id), 'manage');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await obituaries.status(video)) satisfies WireObituaryStatus;
  });

  return router;
}
