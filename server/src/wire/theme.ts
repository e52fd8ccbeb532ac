/** GET /r/themes (spec 1, sections 3 and 7) in wire shape; the web imports these with `import type`. */
export interface WireTheme {
  id: number;
  theme_title: string;
  tags: string[];
  /** The 176 x 99 tile icon. */
  thumbnail_url: string | null;
  /** The theme's looping preview video: made at once when asked for before the library preparation reached it. */
  preview_url: string | null;
  poster_url: string | null;
  dvd_artwork_url: string | null;
  favorite: boolean;
  debug: boolean;
  custom: false;
}

export interface WireCustomThemeTile {
  id: number;
  /** The theme it is built on. */
  theme_id: number;
  theme_title: string;
  tags: string[];
  thumbnail_url: string | null;
  preview_url: null;
  poster_url: string | null;
  dvd_artwork_url: string | null;
  favorite: false;
  debug: false;
  custom: true;
}

export interface WireThemeList {
  themes: WireTheme[];
  custom_themes: WireCustomThemeTile[];
  /** Theme ids, the most used across all videos first. */
  popular: number[];
  /** Theme ids of the caller's videos, the most recently worked on first. */
  recent: number[];
  /** The video's theme when video_id was given. */
  current: { theme_id: number; custom_theme_id: number | null } | null;
  /** Themes whose pictures or looping preview are still being made on a new installation. */
  preparing: number;
}

/** POST /themes/{id}/favorite and /themes/{id}/unfavorite */
export interface WireThemeFavorite {
  favorite: boolean;
}

/** A theme as the super drawer's themes page lists and edits it (/r/settings/themes). */
export interface WireAdminTheme {
  id: number;
  theme_title: string;
  tags: string;
  /** released; unreleased (the picker shows it to super users only, under 'Unreleased Themes'); hidden. */
  visibility: 'released' | 'unreleased' | 'hidden';
  /** The house order; null after every ordered theme, by id. */
  position: number | null;
  art_family: string | null;
  art_seed: number | null;
  /** Five colours, '#rrggbb, ...', ground first. */
  palette: string;
  /** Ships with the product: it can be hidden, not deleted. */
  catalogue: boolean;
  thumbnail_url: string | null;
  /** The engine's frame of the theme's intro as saved. */
  preview_url: string;
  /** The picker's looping preview clip; null for a hidden theme. */
  picker_preview_url: string | null;
}
