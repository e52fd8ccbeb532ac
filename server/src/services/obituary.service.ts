import type { ObituaryRepository } from '../repositories/obituary.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { WireObituaryStatus } from '../wire/obituary.ts';

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

/** The host and the last path segment of an obituary page address; nulls for anything that is not one. */
export function obituaryAddress(obitUrl: string | null): { domain: string | null; slug: string | null } {
  if (!obitUrl) return { domain: null, slug: null };
  try {
    const url = new URL(obitUrl);
    const slug = url.pathname.split('/').filter(Boolean).pop() ?? null;
    return { domain: url.hostname, slug: slug ? decodeURIComponent(slug) : null };
  } catch {
    return { domain: null, slug: null };
  }
}

/**
 * The obituary widget's facts (spec 3 section 2.8): the organization's website (the one on the obit_url's domain
 * first), the obituary found by the video's foreign_id or the obit_url's slug, and its record of this video.
 * Each part is null when nothing matched; the page turns the gaps into its warnings.
 */
export function obituaryService(obituaries: ObituaryRepository) {
  return {
    async status(video: Pick<VideoRow, 'id' | 'organization_id'> & { obit_url?: unknown; foreign_id?: unknown }): Promise<WireObituaryStatus> {
      const none: WireObituaryStatus = { website: null, domain: null, obituary: null, obituary_video: null };
      if (!video.organization_id) return none;
      const { domain, slug } = obituaryAddress(typeof video.obit_url === 'string' ? video.obit_url : null);
      const [website] = await obituaries.websites(video.organization_id, domain);
      if (!website) return none;
      const foreignId = typeof video.foreign_id === 'string' && video.foreign_id ? video.foreign_id : null;
      const obituary = await obituaries.obituary(website.id, foreignId, slug);
      const record = obituary ? await obituaries.obituaryVideo(obituary.id, video.id) : undefined;
      return {
        website: { id: website.id, name: website.name, obituary_slug: website.obituary_slug },
        domain: { domain: website.domain },
        obituary: obituary ? { id: obituary.id, slug: obituary.slug, published_at: iso(obituary.published_at), deleted_at: iso(obituary.deleted_at) } : null,
        obituary_video: record ? { name: record.name, deleted_at: iso(record.deleted_at), is_ready: record.is_ready } : null,
      };
    },
  };
}
