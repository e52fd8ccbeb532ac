import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

export interface VideoRow {
  id: number;
  video_code: string;
  security_hash: string;
  organization_id: number | null;
  user_id: number | null;
  brand_id: number | null;
  use_logo: boolean;
  title: string;
  subtitle: string;
  intro_text: string;
  billing_id: string;
  theme_id: number;
  custom_theme_id: number | null;
  upload_link_access_level: number;
  upload_link_note: string;
  upload_link_limit: number | null;
  upload_link_allow_music_upload: boolean;
  upload_link_done_button: boolean;
  upload_link_done_email: string;
  family_upload_finished: boolean;
  last_family_upload: Date | null;
  automatic_timing: boolean;
  slide_time: number;
  repeat_music: boolean;
  date_in_queue: Date | null;
  finished: boolean;
  deleted_at: Date | null;
  video_duration: number | null;
  viewed: number;
  update_id: number;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

/** 128 bits for the video code (shareable URLs), 192 for the family upload link. */
export const newVideoCode = (): string => randomBytes(16).toString('hex');
export const newSecurityHash = (): string => randomBytes(24).toString('base64url');

export function videoRepository(db: Db) {
  return {
    async findById(id: number): Promise<VideoRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<VideoRow>('videos').where({ id }).first();
    },
    /** Many videos in one query (ids that find nothing are simply absent). */
    async findByIds(ids: number[]): Promise<VideoRow[]> {
      const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
      if (wanted.length === 0) return [];
      return db<VideoRow>('videos').whereIn('id', wanted);
    },
    async findBySecurityHash(hash: string): Promise<VideoRow | undefined> {
      return db<VideoRow>('videos').where({ security_hash: hash }).first();
    },
    async findByCode(code: string): Promise<VideoRow | undefined> {
      return db<VideoRow>('videos').where({ video_code: code }).first();
    },
    async create(values: Partial<VideoRow>): Promise<VideoRow> {
      const [row] = await db('videos')
        .insert({ ...values, video_code: newVideoCode(), security_hash: newSecurityHash() })
        .returning('*');
      return row as VideoRow;
    },
    async update(id: number, values: Partial<VideoRow>): Promise<VideoRow> {
      const [row] = await db('videos').where({ id }).update({ ...values, updated_at: db.fn.now() }).returning('*');
      return row as VideoRow;
    },
    async softDelete(id: number): Promise<void> {
      await db('videos').where({ id }).whereNull('deleted_at').update({ deleted_at: db.fn.now(), updated_at: db.fn.now() });
    },
    async undelete(id: number): Promise<void> {
      await db('videos').where({ id }).update({ deleted_at: null, updated_at: db.fn.now() });
    },
    /** What the details page reads beside the video row: names of its theme, organization and creator, and its devices. */
    async readExtras(video: VideoRow): Promise<VideoReadExtras> {
      const [theme, customTheme, organization, creator, silks] = await Promise.all([
        db('themes').where({ id: video.theme_id }).first<{ theme_title: string } | undefined>('theme_title'),
        video.custom_theme_id ? db('custom_themes').where({ id: video.custom_theme_id }).first<{ title: string } | undefined>('title') : undefined,
        video.organization_id
          ? db('organizations')
              .where({ id: video.organization_id })
              .first<VideoReadExtras['organization']>('organization_name', 'partner_name', 'partner_dev', 'video_length_limit', 'billing_id_prompt', 'obituary_qr_link')
          : undefined,
        video.user_id
          ? db('users')
              .leftJoin('organizations', 'organizations.id', 'users.organization_id')
              .where('users.id', video.user_id)
              .first<VideoReadExtras['creator']>('users.name', 'users.organization_id', 'organizations.organization_name')
          : undefined,
        db('video_silks')
          .join('silks', 'silks.id', 'video_silks.silk_id')
          .where('video_silks.video_id', video.id)
          .where('silks.disabled', false)
          .select<VideoReadExtras['silks']>('silks.id', 'silks.label', 'silks.device_id', 'video_silks.checked', 'video_silks.status')
          .orderBy('silks.label'),
      ]);
      return { themeTitle: theme?.theme_title ?? null, customThemeTitle: customTheme?.title ?? null, organization, creator, silks };
    },
    /** What only super users' details table shows: job states, the website partner's account, the length ceiling. */
    async readAdminExtras(video: VideoRow): Promise<VideoAdminExtras> {
      const [renders, postback, website, organization] = await Promise.all([
        db('renders')
          .distinctOn('kind')
          .where({ video_id: video.id })
          .whereIn('kind', ['hd', 'web', 'dvd'])
          .orderBy([{ column: 'kind' }, { column: 'id', order: 'desc' }])
          .select<{ kind: string; status: string; progress: number; message: string; updated_at: Date }[]>('kind', 'status', 'progress', 'message', 'updated_at'),
        db('postback_attempts').where({ video_id: video.id }).orderBy('id', 'desc').first<{ status_code: number | null; error: string | null; created_at: Date } | undefined>('status_code', 'error', 'created_at'),
        video.organization_id
          ? db('obituary_websites').where({ organization_id: video.organization_id }).orderBy('id').first<{ id: number; name: string } | undefined>('id', 'name')
          : undefined,
        video.organization_id ? db('organizations').where({ id: video.organization_id }).first<{ max_override_length: number } | undefined>('max_override_length') : undefined,
      ]);
      return { renders, postback, website, maxOverrideLength: organization?.max_override_length ?? 120 };
    },
  };
}

export type VideoRepository = ReturnType<typeof videoRepository>;

export interface VideoReadExtras {
  themeTitle: string | null;
  customThemeTitle: string | null;
  organization?: { organization_name: string; partner_name: string | null; partner_dev: boolean; video_length_limit: number; billing_id_prompt: string | null; obituary_qr_link: boolean };
  creator?: { name: string; organization_id: number | null; organization_name: string | null };
  silks: { id: number; label: string; device_id: string; checked: boolean; status: Record<string, unknown> }[];
}

export interface VideoAdminExtras {
  /** The newest render of each kind. */
  renders: { kind: string; status: string; progress: number; message: string; updated_at: Date }[];
  /** The last postback delivery attempt. */
  postback?: { status_code: number | null; error: string | null; created_at: Date };
  /** The organization's account with its website partner: its (first) obituary website. */
  website?: { id: number; name: string };
  maxOverrideLength: number;
}
