import Router from '@koa/router';
import { LABEL_FORMATS, labelProductsFor, type LabelFormat, type LabelProduct } from '../../../common/label-settings.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { parseLabelQuery } from '../stationery/settings.ts';
import { stationeryService } from '../stationery/stationery.service.ts';

const isProduct = (value: string, admin: boolean): value is LabelProduct => (labelProductsFor(admin) as readonly string[]).includes(value);
const isFormat = (value: string): value is LabelFormat => (LABEL_FORMATS as readonly string[]).includes(value);

/**
 * GET /stationeries/{dvd_label|dvd_jacket|video_book_insert}/{videoCode}.{pdf|jpg} (spec 3 sections 2.1, 2.5), and
 * photo_cd_label for super users (section 6):
 * the print-ready labels of the Print Labels tab, with its settings (section 3.4) in the query string. For staff
 * who may view the video only: a family link, another organization or nobody gets the same 404 as a missing video.
 */
export function stationeriesRoutes(deps: Deps): Router {
  const router = new Router();
  const stationery = stationeryService({
    publicUrl: deps.config.publicUrl,
    storage: deps.repos.storage,
    organizations: deps.repos.organizations,
    brands: deps.repos.brands,
    themes: deps.render.themes,
  });

  router.get('/stationeries/:product/:file', async (ctx) => {
    const { product, file } = ctx.params;
    const match = /^([0-9a-f]{8,64})\.([a-z]+)$/i.exec(file);
    // The Photo CD label is a super user's (spec 3 section 6): to anyone else it does not exist.
    if (!isProduct(product, ctx.state.auth?.user?.role === 'super') || !match || !isFormat(match[2])) throw notFound();
    const video = await deps.repos.videos.findByCode(match[1]);
    if (!video || video.deleted_at) throw notFound();
    const access = await deps.access.check(ctx, video.id, 'view');
    if (access.linkLevel !== undefined) throw notFound();
    const settings = parseLabelQuery(ctx.query);
    const label = await stationery.render(video, product, match[2], settings);
    ctx.set('Content-Disposition', `inline; filename="${label.name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(label.name)}`);
    // Drawn from the video and theme as they are now: never kept, so a changed title prints at once.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.type = label.type;
    ctx.body = label.body;
  });

  return router;
}
