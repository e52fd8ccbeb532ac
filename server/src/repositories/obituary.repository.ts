import type { Db } from '../db/database.ts';

export interface ObituaryWebsiteRow {
  id: number;
  organization_id: number;
  name: string;
  domain: string;
  obituary_slug: string;
}

export interface ObituaryRow {
  id: number;
  website_id: number;
  slug: string;
  foreign_id: string | null;
  published_at: Date | null;
  deleted_at: Date | null;
}

export interface ObituaryVideoRow {
  id: number;
  obituary_id: number;
  video_id: number;
  name: string;
  is_ready: boolean;
  deleted_at: Date | null;
}

/** The obituary websites of organizations, their obituaries and the videos those show. */
export function obituaryRepository(db: Db) {
  return {
    /** The organization's websites, the one on `domain` first (the host of the video's obit_url). */
    async websites(organizationId: number, domain: string | null): Promise<ObituaryWebsiteRow[]> {
      return db<ObituaryWebsiteRow>('obituary_websites')
        .where({ organization_id: organizationId })
        .orderByRaw('(lower(domain) = lower(?)) desc, id', [domain ?? ''])
        .select('id', 'organization_id', 'name', 'domain', 'obituary_slug');
    },
    /** The website's obituary with the video's foreign id, else the one with the slug of its obit_url. */
    async obituary(websiteId: number, foreignId: string | null, slug: string | null): Promise<ObituaryRow | undefined> {
      if (!foreignId && !slug) return undefined;
      return db<ObituaryRow>('obituaries')
        .where({ website_id: websiteId })
        .andWhere((q) => {
          if (foreignId) q.orWhere({ foreign_id: foreignId });
          if (slug) q.orWhere({ slug });
        })
        .orderByRaw('(foreign_id = ?) desc, id', [foreignId ?? ''])
        .first();
    },
    async obituaryVideo(obituaryId: number, videoId: number): Promise<ObituaryVideoRow | undefined> {
      return db<ObituaryVideoRow>('obituary_videos').where({ obituary_id: obituaryId, video_id: videoId }).first();
    },
  };
}

export type ObituaryRepository = ReturnType<typeof obituaryRepository>;
