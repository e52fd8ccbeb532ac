import type { Db } from '../db/database.ts';

/** What the Share or Embed tab and the player page need beside the video row. */
export interface EmbedFacts {
  organization_name: string | null;
  /** The video's organization shows branding (spec 3 section 6: it gates the hide-buy option and the buy link). */
  show_branding: boolean;
  /** The video's owner has hidden every buy link. */
  owner_hides_buy_links: boolean;
}

export function embedRepository(db: Db) {
  return {
    async facts(video: { organization_id: number | null; user_id: number | null }): Promise<EmbedFacts> {
      const [organization, owner] = await Promise.all([
        video.organization_id
          ? db('organizations').where({ id: video.organization_id }).first<{ organization_name: string; show_branding: boolean } | undefined>('organization_name', 'show_branding')
          : undefined,
        video.user_id ? db('users').where({ id: video.user_id }).first<{ hide_buy_links: boolean } | undefined>('hide_buy_links') : undefined,
      ]);
      return {
        organization_name: organization?.organization_name ?? null,
        show_branding: Boolean(organization?.show_branding),
        owner_hides_buy_links: Boolean(owner?.hide_buy_links),
      };
    },
  };
}

export type EmbedRepository = ReturnType<typeof embedRepository>;
