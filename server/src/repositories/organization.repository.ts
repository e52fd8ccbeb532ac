import type { Db } from '../db/database.ts';
import type { DvdStandard } from '../dvd/plan.ts';
import { pageOf, whereEveryTerm } from './text-search.ts';

export interface OrganizationRow {
  id: number;
  organization_name: string;
  partner_name: string | null;
  logo_path: string | null;
  video_length_limit: number;
  max_override_length: number;
  billing_id_prompt: string | null;
  upload_links_enabled: boolean;
  show_branding: boolean;
  sor_enabled: boolean;
  menu: boolean;
  billing: boolean;
  sample_button: boolean;
  music_upload_available: boolean;
  /** Labels may carry a QR code of the video's obituary page (spec 3 section 5). */
  obituary_qr_link: boolean;
  /** The TV standard of the organization's DVDs: NTSC (the Americas, Japan) or PAL (most of the rest). */
  dvd_standard: DvdStandard;
  partner_released: boolean;
  partner_dev: boolean;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface OrganizationWithCounts extends OrganizationRow {
  user_count: number;
}

export type OrganizationValues = Partial<Omit<OrganizationRow, 'id' | 'created_at' | 'updated_at'>>;

export interface OrganizationFilter {
  terms: string[];
  offset: number;
  limit: number;
}

export function organizationRepository(db: Db) {
  const withCounts = () =>
    db('organizations').select<OrganizationWithCounts[]>(
      'organizations.*',
      db.raw('(SELECT count(*) FROM users WHERE users.organization_id = organizations.id)::int AS user_count'),
    );
  return {
    async list(filter: OrganizationFilter): Promise<{ rows: OrganizationWithCounts[]; total: number }> {
      const query = withCounts().modify((q) => whereEveryTerm(q, ['organizations.organization_name'], filter.terms));
      return pageOf<OrganizationWithCounts>(query, (q) => q.orderByRaw('lower(organization_name), id'), filter.offset, filter.limit);
    },
    async findById(id: number): Promise<OrganizationWithCounts | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return withCounts().where('organizations.id', id).first();
    },
    async create(values: OrganizationValues & { organization_name: string }): Promise<OrganizationRow> {
      const [row] = await db('organizations').insert(values).returning('*');
      return row as OrganizationRow;
    },
    async update(id: number, values: OrganizationValues): Promise<void> {
      await db('organizations').where({ id }).update({ ...values, updated_at: db.fn.now() });
    },
  };
}

export type OrganizationRepository = ReturnType<typeof organizationRepository>;
