/** Wire shapes of videos (snake_case); the web imports them with `import type`. */

/** A row of the videos list and of the dashboard's recent videos (spec 1, section 3 "Video (list)"). */
export interface WireVideoListItem {
  id: number;
  title: string;
  intro_text: string;
  subtitle: string;
  /** Set when the video was finished; null while it is still being made. */
  date_in_queue: string | null;
  /** Its HD render is done (a queued video that is not finished is rendering). */
  finished: boolean;
  viewed: number;
  /** 0 for a video without an organization (named by tmp_org_name). */
  organization_id: number;
  cover_photo_thumb_url: string;
}

export interface WireOrganizationName {
  id: number;
  organization_name: string;
}

/** GET /r/videos/list */
export interface WireVideoList {
  videos: WireVideoListItem[];
  organizations: WireOrganizationName[];
  tmp_org_name: string;
}

export interface WireVideoSilk {
  id: number;
  label: string;
  device_id: string;
  checked: boolean;
  status: Record<string, unknown>;
}

export interface WireVideoUrls {
  /** The cover image as lists show it (267x150). */
  cover: string;
  /** The cover image at full size (1920x1080), for the details page. */
  cover_big: string;
  editor: string;
  /**
   * The public page where the video is watched (the details page's cover links there): the family's obituary page
   * when the video has one (obit_url, where its player is embedded), else the video's own player page; null until the
   * video is finalized, and while it is deleted or its owner hides it.
   */
  tribute: string | null;
  /** The creator's Preview step, where the video plays as it is being made. */
  preview: string;
  /** Super users' administration pages of the video's organization, its creator and the creator's organization; null for anyone else or when there is none. */
  edit_video_org: string | null;
  edit_user: string | null;
  edit_user_org: string | null;
}

/** Facts for super users' details table (spec 3, section 3.1 "details"). */
export interface WireVideoAdminDetails {
  video_org_name: string | null;
  video_user_name: string | null;
  user_org_id: number | null;
  user_org_name: string | null;
  affiliate_name: string | null;
  /**
   * The spec's details.affiliateIs{product}Production: the organization came through a website partner and is that
   * partner's live (production) account on Tribute, not its development account (organizations.partner_dev).
   */
  affiliate_is_tribute_production: boolean;
  /** The newest HD, web and DVD renders and the last postback, as the admin's job rows show them. */
  admin_jobs: WireAdminJob[];
  /** The organization's account with its website partner (its obituary website), when it has one. */
  affiliate_id: number | null;
  affiliate_customer: string | null;
  /** The sites whose pages sent the most player and tribute page views (the Referer's host), most first; at most 10. */
  top_referers: { referer: string; count: number }[];
  /** Minutes: the longest video the length override can allow. */
  max_override_length: number;
}

export interface WireAdminJob {
  job: 'hd' | 'web' | 'dvd' | 'postback';
  /** queued | rendering | assembling | done | failed (renders); done | failed (postback). */
  status: string;
  progress: number;
  message: string;
  updated_at: string;
}

/** GET /r/videos/{id}: the video as the details and creator pages read it (spec 3, section 3.1, the fields that exist so far). */
export interface WireVideo {
  id: number;
  video_code: string;
  title: string;
  subtitle: string;
  intro_text: string;
  urls: WireVideoUrls;
  hd_size: number | null;
  iso_size: number | null;
  dvd_path: string | null;
  silks: WireVideoSilk[];
  finished: boolean;
  deleted: boolean;
  date_in_queue: string | null;
  project_start: string;
  hide_embed: boolean;
  embed_hide_buy: boolean;
  override_length_limit: boolean;
  over_length_limit: boolean;
  /** Minutes. */
  length_limit: number;
  /** Seconds; null until the video has been planned. */
  video_duration: number | null;
  display_duration: string;
  viewed: number;
  /** Bytes of the largest slide file while the video is in the queue and unfinished (its slow-generation warning), else null. */
  max_slide_size: number | null;
  billing_id: string;
  billing_id_prompt: string | null;
  theme_id: number;
  theme_title: string | null;
  custom_theme_id: number | null;
  custom_theme_title: string | null;
  obit_url: string | null;
  /** The organization lets labels carry a QR code of the obituary (spec 3 section 5); false for a family link. */
  obituary_qr_link: boolean;
  foreign_id: string | null;
  postback_url: string | null;
  order_postback_url: string | null;
  organization_id: number | null;
  user_id: number | null;
  /** Present for super users only. */
  details?: WireVideoAdminDetails;
}

/** A brand the setup page offers (spec 1, section 3 "Brand"). */
export interface WireBrandChoice {
  id: number;
  name: string;
}

/** The organization's side of video setup; a family (upload link) caller gets no brands and no billing prompt. */
export interface WireSetupOrganization {
  organization_name: string | null;
  upload_links_enabled: boolean;
  show_branding: boolean;
  /** The organization or one of its brands has a logo. */
  has_logo: boolean;
  billing_id_prompt: string | null;
  brands: WireBrandChoice[];
  /** The setup page shows the theme's artwork preview (spec 1 section 2.2, showArtwork). */
  show_artwork: boolean;
  /**
   * The organization came through a website partner (an affiliate customer, spec 1 section 1): a video its staff make
   * directly here is not embedded in their website automatically. False for a family link.
   */
  affiliate_customer: boolean;
}

/** What the creator pages know about the caller and the video (spec 1, section 2.1 creator props). */
export interface WireVideoCreator {
  /** Not finalized: uploads and edits are allowed. */
  editable: boolean;
  read_only: boolean;
  /** Staff who may delete, finalize and reopen the video. */
  manageable: boolean;
  /**
   * The caller may change the video's words, look, slides and music: staff, or a family link with full access.
   * False for an upload-only link (level 2), which may only add slides: its setup and music are read-only.
   */
  full_access: boolean;
  /** Finalized once and reopened: finalizing again regenerates it. */
  regeneration: boolean;
  family_upload_finished: boolean;
  upload_link_note: string;
  /** Where the read-only notice's Edit button posts; null unless the caller may reopen the video. */
  edit_link: string | null;
  organization: WireSetupOrganization;
}

/** The setup fields of spec 1, section 3 "Video (setup)" beside the details, plus the creator facts. */
export interface WireVideoSetupFacts {
  brand_id: number | null;
  use_logo: boolean;
  creator: WireVideoCreator;
}

/** What GET /r/videos/{id} answers: the video and its setup facts. */
export interface WireCreatorVideo extends WireVideo, WireVideoSetupFacts {}

/** The setup fields as POST /r/videos and PATCH /r/videos/{id} take them (every one optional on PATCH). */
export interface WireVideoSetupInput {
  title?: string;
  subtitle?: string;
  intro_text?: string;
  billing_id?: string;
  theme_id?: number;
  custom_theme_id?: number | null;
  brand_id?: number | null;
  use_logo?: boolean;
}

/** POST /r/videos */
export interface WireVideoCreated {
  video_id: number;
}

/** GET /r/videos/setup_options: the signed-in user's organization, for /creator/new. */
export interface WireSetupOptions {
  organization: WireSetupOrganization;
}

/** POST /r/videos/{id}/make_editable */
export interface WireMadeEditable {
  success: true;
  redirect: string;
}
