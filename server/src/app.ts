import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { Deps } from './deps.ts';
import { STRICT_TRANSPORT_SECURITY } from './http/content-security-policy.ts';
import { csrfGuard } from './http/csrf.ts';
import { compressJson } from './http/compress-json.ts';
import { errorMiddleware } from './http/errors.ts';
import { refuseNul } from './http/nul-guard.ts';
import { sessionMiddleware } from './http/session.ts';
import { spaMiddleware } from './http/static.ts';
import { apiRouter } from './routes/index.ts';
import { uploadsMiddleware } from './routes/uploads.routes.ts';

export function createApp(deps: Deps): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  app.use(errorMiddleware);
  const https = deps.config.publicUrl.startsWith('https:');
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    if (https) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  });
  app.use(spaMiddleware(deps.config.webDir));
  app.use(csrfGuard(deps.config.publicUrl));
  app.use(bodyParser({ enableTypes: ['json', 'form'], jsonLimit: '2mb', formLimit: '2mb' }));
  app.use(refuseNul);
  app.use(sessionMiddleware(deps.repos.sessions, deps.repos.users, deps.config.secureCookies));
  app.use(compressJson);
  app.use(uploadsMiddleware(deps));
  const router = apiRouter(deps);
  app.use(router.routes());
  app.on('error', (err: NodeJS.ErrnoException, ctx) => {
    // A viewer who closes the page or seeks mid-stream ends the response early: normal, not a server fault.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    console.error(`[http] ${ctx?.method ?? ''} ${ctx?.path ?? ''}:`, err);
  });
  return app;
}
