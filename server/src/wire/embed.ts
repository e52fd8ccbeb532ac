import type { WireShareDefaults } from './share.ts';

/** The embed codes of a video's player page (spec 3 section 2.4). */
export interface WireEmbedCodes {
  /** Fills the width of whatever holds it and keeps the player's shape. */
  responsive: string;
  /** The fixed-width fallback at the web video's own size; null until the web video exists (responsive is then forced). */
  fixed: string | null;
}

/** GET /r/videos/{id}/embed and the reply of POST /r/videos/{id}/toggle_embed: the Share or Embed tab's facts. */
export interface WireEmbedSettings {
  hide_embed: boolean;
  embed_hide_buy: boolean;
  /** The hide-buy checkbox is offered: the organization shows branding and the owner has not hidden every buy link. */
  buy_option: boolean;
  /** The player page /videos/embedded_video/{videoCode}, the link to the video. */
  player_url: string;
  embed_codes: WireEmbedCodes;
  /** The words the share dialogs start from. */
  share: WireShareDefaults;
  /** Text messages are a branded organization's feature, as on the upload link panel. */
  text_enabled: boolean;
  /** Anyone may watch the video at the link (finalized, not hidden, not deleted): the social share links show. */
  public: boolean;
  /** The words the social share links carry. */
  public_title: string;
}

/** POST /r/videos/{id}/toggle_embed takes one or both flags. */
export interface WireToggleEmbed {
  hide_embed?: boolean;
  embed_hide_buy?: boolean;
}

/** A row of GET /r/videos/{id}/songs (spec 3 section 3.2 "Song"). */
export interface WireVideoSongRow {
  id: number;
  artist: string;
  title: string;
  /** Seconds. */
  length: number;
  preview_url: string;
}
