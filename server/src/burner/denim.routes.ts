/**
 * /denim: the DVD burning tool's downloads (spec 3 sections 2.1 and 7, common/helper-update.ts DENIM_PATHS).
 * Public, as installers are: no session needed, and nothing here touches a video. The helper's auto-update reads
 * the same installer route (?platform=&artifact=helper_manifest, then helper).
 *
 * Failures answer JSON, never the app's page: 400 for a platform or artifact it does not know, 404 with
 * NOT_BUILT_MESSAGE when the build has not made the file. Both keys are set: `error` (what the burn window and the
 * install script read) and `errors` (the API's usual shape). The extensions' update manifests (/denim/updates/) are
 * in extension-updates.ts.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { POLICY_DOWNLOAD_KEYS, type DenimInstallPaths } from '../../../common/browser-policies.ts';
import { HELPER_PLATFORMS, type HelperPlatform } from '../../../common/burn-protocol.ts';
import { DENIM_PATHS, INSTALLER_ARTIFACTS, platformFromUserAgent, type DenimTransport } from '../../../common/helper-update.ts';
import { NOT_BUILT_MESSAGE } from '../../../installer/layout.ts';
import type { Deps } from '../deps.ts';
import { sendFile } from '../http/range.ts';
import { burnerBuildsService, type BuildFile } from './burner-builds.service.ts';
import { addExtensionUpdateRoutes } from './extension-updates.ts';

const attachment = (name: string): string => `attachment; filename="${name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function fail(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error: message, errors: [message] };
}

/** A built file with Range support; revalidated on every use, as a rebuild replaces it under the same name. */
async function send(ctx: Context, file: BuildFile | null): Promise<void> {
  if (!file) return fail(ctx, 404, NOT_BUILT_MESSAGE);
  ctx.set('Content-Disposition', attachment(file.name));
  await sendFile(ctx, file.path, { type: file.type, cacheControl: 'no-cache' });
}

/** One value of a query parameter: repeated or missing counts as absent (undefined) or invalid (null). */
function single(value: string | string[] | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/** Needs only the configuration (the build folder, PUBLIC_URL and the store listings). */
export function denimRoutes(deps: Pick<Deps, 'config'>): Router {
  const router = new Router();
  const builds = burnerBuildsService(deps.config.burnerBuildDir, deps.config.publicUrl);

  router.get(DENIM_PATHS.installer, async (ctx) => {
    const asked = single(ctx.query.platform);
    let platform: HelperPlatform | null;
    if (asked === undefined) {
      // The answer depends on who asks: caches must keep one per User-Agent.
      ctx.vary('User-Agent');
      platform = platformFromUserAgent(ctx.get('User-Agent'));
      if (!platform) return fail(ctx, 400, 'The DVD burning tool runs on Windows, macOS and Linux; this system is none of them. Add ?platform=win-x64, darwin-x64 or linux-x64 to choose one.');
    } else {
      platform = HELPER_PLATFORMS.find((known) => known === asked) ?? null;
      if (!platform) return fail(ctx, 400, `Unknown platform '${String(asked).slice(0, 40)}': use ${HELPER_PLATFORMS.join(', ')}.`);
    }
    const artifactAsked = single(ctx.query.artifact);
    const artifact = artifactAsked === undefined ? 'installer' : INSTALLER_ARTIFACTS.find((known) => known === artifactAsked);
    if (!artifact) return fail(ctx, 400, `Unknown artifact '${String(artifactAsked).slice(0, 40)}': use ${INSTALLER_ARTIFACTS.join(', ')}.`);
    await send(ctx, builds.artifact(platform, artifact));
  });

  router.get(DENIM_PATHS.firefoxExtension, async (ctx) => {
    await send(ctx, builds.firefoxExtension());
  });

  // ?format=zip: the unpacked build zipped, for Developer mode's Load unpacked (the install guide's last resort).
  router.get(DENIM_PATHS.chromeExtension, async (ctx) => {
    const format = single(ctx.query.format);
    if (format !== undefined && format !== 'zip') return fail(ctx, 400, `Unknown format '${String(format).slice(0, 40)}': leave it out for the .crx, or use zip.`);
    await send(ctx, format === 'zip' ? builds.chromeExtensionZip() : builds.chromeExtension());
  });

  router.get(DENIM_PATHS.transport, (ctx) => {
    const transport: DenimTransport = { plainHttpAllowed: deps.config.allowPlainHttp };
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = transport;
  });

  router.get(DENIM_PATHS.installPaths, async (ctx) => {
    const paths: DenimInstallPaths = {
      stores: deps.config.storeListings,
      policies: builds.policyKeys(),
      firefoxSigned: await builds.firefoxSigned(),
      windowsInstallerSigned: await builds.windowsInstallerSigned(),
    };
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = paths;
  });

  router.get(DENIM_PATHS.browserPolicies, async (ctx) => {
    const asked = single(ctx.query.file);
    const key = POLICY_DOWNLOAD_KEYS.find((known) => known === asked);
    if (!key) return fail(ctx, 400, `Unknown policy file '${String(asked ?? '').slice(0, 40)}': use ${POLICY_DOWNLOAD_KEYS.join(', ')}.`);
    await send(ctx, builds.policyFile(key));
  });

  addExtensionUpdateRoutes(router, builds, deps.config.publicUrl);

  router.get(DENIM_PATHS.linuxUserInstall, async (ctx) => {
    const script = await builds.linuxUserInstall(deps.config.publicUrl, Object.values(deps.config.downloadAlternates), deps.config.allowPlainHttp);
    if (!script) return fail(ctx, 404, NOT_BUILT_MESSAGE);
    ctx.set('Content-Disposition', attachment(script.name));
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/x-shellscript; charset=utf-8';
    ctx.body = script.text;
  });

  return router;
}
