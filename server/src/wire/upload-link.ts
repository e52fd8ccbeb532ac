import type { WireShareDefaults, WireShareLogRow } from './share.ts';

/** GET and PATCH /r/videos/{id}/upload_link for staff: the family upload fields of spec 1, section 3. */
export interface WireUploadLink {
  id: number;
  title: string;
  /** {PUBLIC_URL}/creator/{securityHash}/slides */
  upload_link: string;
  /** 0 off, 1 full access, 2 upload only. */
  upload_link_access_level: number;
  upload_link_note: string;
  /** Null: no limit. */
  upload_link_limit: number | null;
  upload_link_allow_music_upload: boolean;
  upload_link_done_button: boolean;
  upload_link_done_email: string;
  /** Who is told when the family presses Done while no address is set: the video's creator, else an organization admin. */
  done_email_fallback: string | null;
  family_upload_finished: boolean;
  last_family_upload: string | null;
  /** Photos and clips the family added through the link. */
  family_upload_count: number;
  /** The organization's own switches. */
  upload_links_enabled: boolean;
  music_upload_available: boolean;
  show_branding: boolean;
  share: WireShareDefaults;
  share_log: WireShareLogRow[];
}

/** PATCH /r/videos/{id}/upload_link: every field optional; enabled and full_access move the level (spec 1, section 4). */
export interface WireUploadLinkChange {
  enabled?: boolean;
  full_access?: boolean;
  upload_link_note?: string;
  upload_link_limit?: number | null;
  upload_link_allow_music_upload?: boolean;
  upload_link_done_button?: boolean;
  upload_link_done_email?: string;
  /** Staff may only reset it; the family finishes with POST /r/uploads/done/{securityHash}. */
  family_upload_finished?: false;
}

/** GET /r/videos/{securityHash}/upload_link for the family: what the Finish step needs, nothing of the staff's. */
export interface WireFamilyUploadLink {
  title: string;
  organization_name: string | null;
  upload_link_note: string;
  upload_link_limit: number | null;
  upload_link_done_button: boolean;
  full_access: boolean;
}

/** POST /r/uploads/done/{securityHash} */
export interface WireUploadsDone {
  success: true;
}
