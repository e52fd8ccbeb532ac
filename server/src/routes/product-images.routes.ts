import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** Product pictures for order rows: /product_images/{product_thumb_image}. */
export function productImagesRoutes(deps: Deps): Router {
  const router = new Router();

  router.get('/product_images/:name', async (ctx) => {
    const file = deps.repos.orders.productImageFile(ctx.params.name);
    if (!file) throw new AppError(404, 'Not found');
    ctx.type = TYPES[path.extname(file.path).toLowerCase()];
    ctx.length = file.size;
    ctx.set('Cache-Control', 'public, max-age=86400');
    // An SVG opened on its own must not run script.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = createReadStream(file.path);
  });

  return router;
}
