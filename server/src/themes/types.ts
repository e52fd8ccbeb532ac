/**
 * A theme as the render engine and the picker use it. The catalogue (catalogue.ts) defines each one; the art
 * generators draw its pictures from `art`; the engine reads fonts, colours, timings and defaults from here.
 */
export type ArtFamily = 'watercolour' | 'botanical' | 'bokeh' | 'paper' | 'sky' | 'stained-glass';

export interface FontSpec {
  /** Absolute path of a TTF/OTF installed by the set-up (Debian font packages), e.g. Gentium Basic, Quicksand. */
  file: string;
  /** Family name as fontconfig knows it (for drawtext/SVG). */
  family: string;
  weight?: number;
  style?: 'normal' | 'italic';
  /** The Debian package that installs `file` (scripts/system-deps.sh lists it). */
  package?: string;
  /** Key in FONTS (fonts.ts), how custom themes name a font. */
  key?: string;
}

export interface ThemeDesign {
  id: number;
  title: string;
  tags: string[];
  debug: boolean;
  /** palette: five colours, ground first: [ground, light, mid, accent, deep]. */
  art: { family: ArtFamily; seed: number; palette: string[] };
  fonts: { title: FontSpec; body: FontSpec; caption: FontSpec };
  colours: { title: string; text: string; captionText: string; captionBackdrop: string; background: string };
  /** Look-modifier ids (seed/look-modifiers.ts) used when a slide is set to Automatic. */
  defaults: { transitionIds: number[]; effectIds: number[]; overlayId: number; borderId: number; backgroundId: number };
  /** Seconds. */
  introLength: number;
  outroLength: number;
  transitionLength: number;
  coverRatio: number;
  /** Theme 1, the Custom Theme Base: a video shows it only through a custom theme record, whose choices replace its art. */
  custom?: boolean;
}

/** Files the art generators make for a theme, as storage keys under themes/{id}/ (1280x720 unless said). */
export interface ThemeAssets {
  background: string; // full-frame background art (JPEG)
  introScene: string; // first scene of the intro, without text (JPEG)
  outroScene: string; // last scene, without text (JPEG)
  icon: string; // 176x99 tile icon (JPEG/PNG)
  poster: string; // 1280x720 poster with the theme's title styling (JPEG)
  dvdArtwork: string; // DVD menu background 720x480-safe composition at 1280x720 (JPEG)
}
