import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { QR_DOWNLOAD_WIDTH, QR_INLINE_WIDTH, qrFileName, qrService } from '../services/qr.service.ts';

/** QR images of share links (spec 1, section 2.12): /r/qr/inline?d={link} and /r/qr/download?d={link}&t={title}. */
export function qrRoutes(deps: Deps): Router {
  const router = new Router();
  const qr = qrService(deps.config.publicUrl);

  router.get('/r/qr/inline', async (ctx) => {
    const png = await qr.png(ctx.query.d, QR_INLINE_WIDTH);
    // The same link always makes the same picture; private because links may carry a family's hash.
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.type = 'image/png';
    ctx.body = png;
  });

  router.get('/r/qr/download', async (ctx) => {
    const png = await qr.png(ctx.query.d, QR_DOWNLOAD_WIDTH);
    const title = typeof ctx.query.t === 'string' ? ctx.query.t : '';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.attachment(qrFileName(title));
    ctx.type = 'image/png';
    ctx.body = png;
  });

  return router;
}
