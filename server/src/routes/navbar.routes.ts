import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { navbarRepository } from '../repositories/navbar.repository.ts';
import { broadcastService } from '../services/broadcast.service.ts';
import { navbarService } from '../services/navbar.service.ts';

export function navbarRoutes(deps: Deps): Router {
  const router = new Router();
  // A site served over HTTPS at its public address is the real one; plain-HTTP installs are for trying things out.
  const productionSite = new URL(deps.config.publicUrl).protocol === 'https:';
  const navbar = navbarService(navbarRepository(deps.db), broadcastService(deps.repos.systemSettings), productionSite);

  router.get('/r/navbar', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await navbar.forCaller(ctx.state.auth);
  });

  return router;
}
