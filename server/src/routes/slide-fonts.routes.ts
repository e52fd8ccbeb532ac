import Router from '@koa/router';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { slideFont, TEXT_SLIDE_FONT } from '../render/plan/fonts.ts';
import { FONTS } from '../services/slide-attributes.ts';

/**
 * The font files captions and text slides may use (spec 2: 'Gentium-Basic-Italic.ttf' ...), so the editor's font
 * picker previews each one in the very file the render engine draws it with.
 */
export function slideFontsRoutes(_deps: Deps): Router {
  const router = new Router();
  // Only fonts whose files are installed: one the render engine cannot draw is not offered.
  router.get('/r/slide_fonts', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = { fonts: FONTS.filter((name) => existsSync(slideFont(name, TEXT_SLIDE_FONT).file)) };
  });
  router.get('/r/slide_fonts/:name', async (ctx) => {
    const name = ctx.params.name;
    if (!FONTS.includes(name)) throw new AppError(404, 'Not found');
    const file = slideFont(name, TEXT_SLIDE_FONT).file;
    const info = await stat(file).catch(() => null);
    if (!info) throw new AppError(404, 'Not found');
    ctx.type = file.endsWith('.otf') ? 'font/otf' : 'font/ttf';
    ctx.length = info.size;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(file);
  });
  return router;
}
