/**
 * The extensions' self-hosted update manifests (issue 29.2; common/extension-updates.ts writes both formats):
 *   GET /denim/updates/chrome.xml    the gupdate XML Chrome and Edge read from the build's update_url
 *   GET /denim/updates/firefox.json  the updates.json Firefox reads from gecko.update_url
 * Both describe the build being served (its version, the Chrome id from its key, the .xpi's SHA-256), so a build
 * with a higher version is offered to installed extensions at once. Not pages: /denim is never answered with the
 * app's HTML (http/static.ts NOT_PAGES); a missing build answers 404 JSON like the other /denim routes.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { chromePackageUrl, chromeUpdateXml, EXTENSION_UPDATE_PATHS, firefoxPackageUrl, firefoxUpdateManifest } from '../../../common/extension-updates.ts';
import { extensionIdOfManifest } from '../../../extension/chrome-key.ts';
import { NOT_BUILT_MESSAGE } from '../../../installer/layout.ts';
import type { BurnerBuildsService } from './burner-builds.service.ts';

function notBuilt(ctx: Context): void {
  ctx.status = 404;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error: NOT_BUILT_MESSAGE, errors: [NOT_BUILT_MESSAGE] };
}

/** Adds the two update routes to the /denim router. publicUrl: this server's PUBLIC_URL (the packages' address). */
export function addExtensionUpdateRoutes(router: Router, builds: BurnerBuildsService, publicUrl: string): void {
  router.get(EXTENSION_UPDATE_PATHS.chrome, async (ctx) => {
    const build = await builds.extensionBuild('chrome');
    if (!build) return notBuilt(ctx);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = chromeUpdateXml({ extensionId: extensionIdOfManifest(build.manifest), version: String(build.manifest.version), codebase: chromePackageUrl(publicUrl) });
  });

  router.get(EXTENSION_UPDATE_PATHS.firefox, async (ctx) => {
    const build = await builds.extensionBuild('firefox');
    if (!build) return notBuilt(ctx);
    const gecko = (build.manifest.browser_specific_settings as { gecko?: { id?: string } } | undefined)?.gecko;
    const sha256 = createHash('sha256').update(await readFile(build.file.path)).digest('hex');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = firefoxUpdateManifest({ addonId: String(gecko?.id), version: String(build.manifest.version), updateLink: firefoxPackageUrl(publicUrl), sha256 });
  });
}
