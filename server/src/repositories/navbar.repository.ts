import type { Db } from '../db/database.ts';
import { countFinishedVideos } from './sor.repository.ts';

export interface OrganizationNavFlags {
  organization_name: string;
  partner_name: string | null;
  partner_released: boolean;
  partner_dev: boolean;
  menu: boolean;
  billing: boolean;
  sor_enabled: boolean;
}

/** What the top bar reads about the caller's organization. */
export function navbarRepository(db: Db) {
  return {
    async organizationFlags(organizationId: number): Promise<OrganizationNavFlags | undefined> {
      return db('organizations')
        .where({ id: organizationId })
        .first<OrganizationNavFlags | undefined>(
          'organization_name',
          'partner_name',
          'partner_released',
          'partner_dev',
          'menu',
          'billing',
          'sor_enabled',
        );
    },
    /** The same count GET /r/sor/video_count answers: ordinary videos the organization finished since the given moment. */
    countVideosSince: (organizationId: number, since: Date): Promise<number> => countFinishedVideos(db, organizationId, since),
  };
}

export type NavbarRepository = ReturnType<typeof navbarRepository>;
