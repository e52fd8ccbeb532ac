/** Wire shapes (snake_case) of the administration screens: /settings/* and /organizations/account_settings. */
import type { Role, WireUser } from './auth.ts';

/**
 * The columns an organization's row and its wire shape both carry, defined once: the row
 * (repositories/organization.repository.ts) holds them with `Time = Date`, the answers with ISO strings.
 */
export interface OrganizationFields<Time = string> {
  id: number;
  organization_name: string;
  partner_name: string | null;
  /** Minutes. */
  video_length_limit: number;
  /** Minutes. */
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
  /** The video setup page shows the theme's artwork preview (spec 1 section 2.2, showArtwork). */
  show_artwork: boolean;
  /** The TV standard of the organization's DVDs: NTSC (the Americas, Japan) or PAL (most of the rest). */
  dvd_standard: 'ntsc' | 'pal';
  partner_released: boolean;
  partner_dev: boolean;
  disabled: boolean;
  created_at: Time;
}

export interface WireOrganization extends OrganizationFields {
  /** Null when the organization has no logo; carries a version so a new upload is not hidden by the cache. */
  logo_url: string | null;
  user_count: number;
}

export interface WireBrand {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  logo_url: string | null;
  disabled: boolean;
}

/** A user as the admin table lists them: the signed-in user's shape and when they last signed in and joined. */
export interface WireAdminUser extends WireUser {
  last_login_at: string | null;
  created_at: string;
}

export type VideoState = 'active' | 'deleted' | 'all';

export interface WireAdminVideo {
  id: number;
  title: string;
  subtitle: string;
  intro_text: string;
  organization_id: number | null;
  organization_name: string | null;
  user_name: string | null;
  finished: boolean;
  date_in_queue: string | null;
  deleted: boolean;
  created_at: string;
}

export interface WireInvitation {
  id: number;
  email: string;
  role: Role;
  organization_id: number;
  created_by_name: string | null;
  expires_at: string;
  created_at: string;
}

/** One page of a searchable list; `page` counts from 1. */
export interface WirePage {
  total: number;
  page: number;
  per_page: number;
}

export type WireOrganizationPage = WirePage & { organizations: WireOrganization[] };
export type WireBrandPage = WirePage & { brands: WireBrand[] };
export type WireAdminUserPage = WirePage & { users: WireAdminUser[] };
export type WireAdminVideoPage = WirePage & { videos: WireAdminVideo[] };

export interface WireAccountSettings {
  organization: WireOrganization;
  /** False for plain staff: the page shows the settings read-only. */
  can_manage: boolean;
}
