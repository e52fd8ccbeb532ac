/** Wire shapes of custom themes (snake_case); the web imports them with `import type`. */
import type { BackgroundMode } from '../../../common/custom-theme.ts';

/** POST /custom_themes */
export interface WireCustomThemeCreated {
  custom_theme_id: number;
}

/** DELETE /custom_themes/{id}: the videos that were set back to no theme. */
export interface WireCustomThemeDeleted {
  success: true;
  reset_video_ids: number[];
}

export interface WireFontChoice {
  key: string;
  label: string;
}

/** The editor's fields; pictures travel as addresses (with a version), never as storage keys. */
export interface WireCustomThemeDesign {
  intro_enabled: boolean;
  intro_image_url: string | null;
  background_mode: BackgroundMode;
  background_colour: string;
  background_image_url: string | null;
  title_font: string;
  title_colour: string;
  caption_font: string;
}

export interface WireCustomTheme {
  id: number;
  theme_id: number;
  title: string;
  design: WireCustomThemeDesign;
  /** The intro title card drawn with this design; add video_id to see the video's own title. */
  preview_url: string;
}

/** GET /r/custom_themes/{id}, PATCH /r/custom_themes/{id} and the picture uploads. */
export interface WireCustomThemeReply {
  custom_theme: WireCustomTheme;
  fonts: WireFontChoice[];
}

/** PATCH /r/custom_themes/{id}: any of these; a picture is removed by sending its *_image as null. */
export interface WireCustomThemeChange {
  title?: string;
  intro_enabled?: boolean;
  intro_image?: null;
  background_mode?: BackgroundMode;
  background_colour?: string;
  background_image?: null;
  title_font?: string;
  title_colour?: string;
  caption_font?: string;
}
