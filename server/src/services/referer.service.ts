import type { Context } from 'koa';
import type { RefererRepository } from '../repositories/referer.repository.ts';

/**
 * The site a view came from: the host of its Referer (an obituary page framing the player, a social site, a mail
 * service), lower case and without a leading "www.". Null for no Referer, one that is not a web address, and the
 * product's own pages (a preview from the Share or Embed tab is not a visitor).
 */
export function refererSite(referer: string | undefined, ownHosts: string[]): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host || host.length > 255 || ownHosts.some((own) => host === own.toLowerCase().replace(/^www\./, ''))) return null;
  return host;
}

/** Counts a player or tribute page view under the site its Referer names (spec 3: details.topReferers). */
export function refererService(referers: RefererRepository, publicUrl: string) {
  const ownHost = new URL(publicUrl).hostname;
  return {
    async recordView(ctx: Pick<Context, 'get' | 'hostname'>, videoId: number): Promise<void> {
      const site = refererSite(ctx.get('Referer'), [ownHost, ctx.hostname]);
      if (site) await referers.record(videoId, site);
    },
  };
}

export type RefererService = ReturnType<typeof refererService>;
