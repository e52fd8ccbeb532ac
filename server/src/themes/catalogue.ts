import { CAPTION_FONT, FONTS, type FontKey } from './fonts.ts';
import type { ArtFamily, FontSpec, ThemeDesign } from './types.ts';

/** Theme 1 (spec 1, section 9): a full custom build whose art and type come from a custom theme record. */
export const CUSTOM_THEME_BASE_ID = 1;

/** Title and body type that belong together; each theme takes one. */
const PAIRINGS = {
  classic: ['eb-garamond-italic', 'lato-regular'],
  script: ['dancing-script-bold', 'cantarell-regular'],
  engraved: ['libertine-display', 'biolinum-regular'],
  chancery: ['chorus', 'pagella-regular'],
  gentle: ['gentium-basic-bold-italic', 'quicksand-regular'],
  bold: ['caladea-bold', 'open-sans-regular'],
  warm: ['vollkorn-semibold-italic', 'cabin-regular'],
  letterpress: ['libertine-italic', 'charis-regular'],
} as const satisfies Record<string, readonly [FontKey, FontKey]>;

export type Pairing = keyof typeof PAIRINGS;

// Look-modifier ids (seed/look-modifiers.ts).
const CROSSFADE = 1;
const FADE_WHITE = 3;
const DISSOLVE = 11;
const ZOOM_IN = 2;
const ZOOM_OUT = 3;
const PAN_LEFT = 4;
const PAN_RIGHT = 6;
const OVERLAY_NONE = 1;
const OVERLAY_VIGNETTE = 3;
const OVERLAY_SOFT_GLOW = 4;
const OVERLAY_BOKEH = 6;
const BORDER_NONE = 1;
const BORDER_THIN_WHITE = 2;
const BORDER_SHADOW = 5;
const BORDER_PHOTO_FRAME = 6;
const BACKGROUND_THEME = 1;

interface Entry {
  id: number;
  title: string;
  tags: string[];
  family: ArtFamily;
  seed: number;
  palette: [string, string, string, string, string];
  pairing: Pairing;
  /** Title colour, body text colour. */
  ink: [string, string];
  transitions: number[];
  effects: number[];
  overlay: number;
  border: number;
  debug?: boolean;
}

const ENTRIES: Entry[] = [
  {
    id: CUSTOM_THEME_BASE_ID, title: 'Custom Theme Base', tags: ['custom'], family: 'paper', seed: 1,
    palette: ['#e7e5e1', '#f7f6f3', '#c4c0b8', '#8d8678', '#4a4640'], pairing: 'classic', ink: ['#3d3a35', '#4a4640'],
    transitions: [CROSSFADE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_NONE, border: BORDER_SHADOW,
  },
  {
    id: 2, title: 'Lavender Watercolour', tags: ['watercolor', 'watercolour', 'purple', 'lilac', 'soft', 'painted', 'feminine'],
    family: 'watercolour', seed: 7, palette: ['#f7f3ee', '#ece4f0', '#b8a5c9', '#8f7bab', '#5d4e75'], pairing: 'script',
    ink: ['#4a3d5e', '#5d4e75'], transitions: [CROSSFADE, DISSOLVE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_SOFT_GLOW, border: BORDER_THIN_WHITE,
  },
  {
    id: 3, title: 'Seaside Watercolour', tags: ['watercolor', 'watercolour', 'blue', 'sea', 'ocean', 'calm', 'painted'],
    family: 'watercolour', seed: 11, palette: ['#f4f6f5', '#dde9ec', '#8fb3c0', '#5f8fa3', '#2f5566'], pairing: 'classic',
    ink: ['#28485a', '#2f5566'], transitions: [CROSSFADE], effects: [PAN_LEFT, PAN_RIGHT, ZOOM_IN], overlay: OVERLAY_NONE, border: BORDER_THIN_WHITE,
  },
  {
    id: 4, title: 'Olive Branch', tags: ['botanical', 'leaves', 'green', 'peace', 'nature', 'garden'],
    family: 'botanical', seed: 5, palette: ['#f6f2e8', '#e9eddf', '#9aae8c', '#c9b48a', '#4d5e45'], pairing: 'engraved',
    ink: ['#3f4d38', '#4d5e45'], transitions: [CROSSFADE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_NONE, border: BORDER_SHADOW,
  },
  {
    id: 5, title: 'Garden Rose', tags: ['botanical', 'flowers', 'floral', 'rose', 'pink', 'garden', 'feminine'],
    family: 'botanical', seed: 21, palette: ['#f8f1ee', '#f1e4e4', '#a9b79a', '#c98f95', '#5a4a4f'], pairing: 'chancery',
    ink: ['#5a3d44', '#5a4a4f'], transitions: [DISSOLVE, CROSSFADE], effects: [ZOOM_IN, PAN_RIGHT], overlay: OVERLAY_SOFT_GLOW, border: BORDER_SHADOW,
  },
  {
    id: 6, title: 'Golden Light', tags: ['bokeh', 'gold', 'warm', 'candle', 'light', 'glow', 'evening'],
    family: 'bokeh', seed: 3, palette: ['#2a2320', '#f3dcae', '#6b4e3a', '#e0a85a', '#2b1f1a'], pairing: 'bold',
    ink: ['#f6e7c8', '#efe2cc'], transitions: [CROSSFADE, FADE_WHITE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_BOKEH, border: BORDER_NONE,
  },
  {
    id: 7, title: 'Twilight Glow', tags: ['bokeh', 'blue', 'night', 'evening', 'lights', 'masculine'],
    family: 'bokeh', seed: 9, palette: ['#1d2233', '#dfe3f5', '#3b4466', '#a9b4e0', '#161a2b'], pairing: 'warm',
    ink: ['#eef0fa', '#dfe3f5'], transitions: [CROSSFADE], effects: [PAN_LEFT, ZOOM_IN, PAN_RIGHT], overlay: OVERLAY_VIGNETTE, border: BORDER_NONE,
  },
  {
    id: 8, title: 'Ivory Linen', tags: ['paper', 'linen', 'fabric', 'ivory', 'classic', 'simple', 'ribbon'],
    family: 'paper', seed: 4, palette: ['#e9e3d6', '#f8f5ee', '#cbbfa9', '#a88a5a', '#5b4f40'], pairing: 'letterpress',
    ink: ['#4a3f33', '#5b4f40'], transitions: [CROSSFADE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_NONE, border: BORDER_PHOTO_FRAME,
  },
  {
    id: 9, title: 'Heirloom Parchment', tags: ['paper', 'parchment', 'vintage', 'heritage', 'sepia', 'old'],
    family: 'paper', seed: 8, palette: ['#e6d8bd', '#f6eedc', '#c9b08a', '#8f6e45', '#4a3826'], pairing: 'gentle',
    ink: ['#4a3826', '#5c4730'], transitions: [DISSOLVE], effects: [ZOOM_OUT, PAN_LEFT], overlay: OVERLAY_VIGNETTE, border: BORDER_PHOTO_FRAME,
  },
  {
    id: 10, title: 'Heavenly Clouds', tags: ['sky', 'clouds', 'heaven', 'blue', 'faith', 'peaceful'],
    family: 'sky', seed: 2, palette: ['#eef3f8', '#ffffff', '#9fbddb', '#f7e6c4', '#4f6f99'], pairing: 'classic',
    ink: ['#2c4468', '#34507a'], transitions: [FADE_WHITE, CROSSFADE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_SOFT_GLOW, border: BORDER_THIN_WHITE,
  },
  {
    id: 11, title: 'Sunset Sky', tags: ['sky', 'clouds', 'sunset', 'pink', 'warm', 'evening'],
    family: 'sky', seed: 12, palette: ['#f6eae6', '#fff8f0', '#d9b8c4', '#f3c89a', '#7c6a98'], pairing: 'script',
    ink: ['#5a4470', '#5f4f73'], transitions: [CROSSFADE], effects: [PAN_RIGHT, ZOOM_IN], overlay: OVERLAY_SOFT_GLOW, border: BORDER_THIN_WHITE,
  },
  {
    id: 12, title: 'Cathedral Glass', tags: ['stained glass', 'church', 'faith', 'window', 'jewel', 'traditional'],
    family: 'stained-glass', seed: 6, palette: ['#f3efe6', '#f0e2b6', '#5b7fa6', '#8e3b46', '#2f3f5e'], pairing: 'bold',
    ink: ['#3b2f2a', '#3f3a36'], transitions: [CROSSFADE, DISSOLVE], effects: [ZOOM_IN, ZOOM_OUT], overlay: OVERLAY_VIGNETTE, border: BORDER_SHADOW,
  },
  {
    id: 13, title: 'Morning Glass', tags: ['stained glass', 'window', 'green', 'gold', 'light', 'faith'],
    family: 'stained-glass', seed: 14, palette: ['#f5f4ef', '#eef0e2', '#a9c4b8', '#d8b77a', '#6f8a7e'], pairing: 'engraved',
    ink: ['#3f5249', '#3f5249'], transitions: [CROSSFADE], effects: [ZOOM_IN, PAN_LEFT], overlay: OVERLAY_SOFT_GLOW, border: BORDER_SHADOW,
  },
  {
    id: 14, title: 'Starlit Night', tags: ['bokeh', 'stars', 'night', 'navy', 'gold'], debug: true,
    family: 'bokeh', seed: 17, palette: ['#141a26', '#f4efe0', '#27324a', '#d9c79a', '#0d121c'], pairing: 'chancery',
    ink: ['#f4ecd8', '#e8e1cf'], transitions: [CROSSFADE], effects: [ZOOM_IN], overlay: OVERLAY_VIGNETTE, border: BORDER_NONE,
  },
  {
    id: 15, title: 'Sea Glass', tags: ['stained glass', 'teal', 'sea', 'calm'], debug: true,
    family: 'stained-glass', seed: 19, palette: ['#f1f5f3', '#dfeee9', '#8fc1b5', '#6fa0b8', '#2f5d63'], pairing: 'warm',
    ink: ['#2a4f54', '#2f5d63'], transitions: [DISSOLVE], effects: [PAN_RIGHT, ZOOM_OUT], overlay: OVERLAY_NONE, border: BORDER_THIN_WHITE,
  },
];

const fontOf = (key: FontKey): FontSpec => ({ ...FONTS[key] });

function designOf(entry: Entry): ThemeDesign {
  const [title, body] = PAIRINGS[entry.pairing];
  const deep = entry.palette[4];
  return {
    id: entry.id,
    title: entry.title,
    tags: entry.tags,
    debug: entry.debug ?? false,
    art: { family: entry.family, seed: entry.seed, palette: [...entry.palette] },
    fonts: { title: fontOf(title), body: fontOf(body), caption: { ...CAPTION_FONT } },
    colours: { title: entry.ink[0], text: entry.ink[1], captionText: '#ffffff', captionBackdrop: deep, background: entry.palette[0] },
    defaults: {
      transitionIds: entry.transitions,
      effectIds: entry.effects,
      overlayId: entry.overlay,
      borderId: entry.border,
      backgroundId: BACKGROUND_THEME,
    },
    introLength: 6,
    outroLength: 5,
    transitionLength: 1.5,
    coverRatio: 16 / 9,
    ...(entry.id === CUSTOM_THEME_BASE_ID ? { custom: true } : {}),
  };
}

/** Every theme, id 1 (the Custom Theme Base) first. */
export const THEMES: readonly ThemeDesign[] = ENTRIES.map(designOf);

export function themeDesign(id: number): ThemeDesign | undefined {
  return THEMES.find((t) => t.id === id);
}

/** The pairing names in use, for checks that the catalogue stays varied. */
export const pairingOf = (id: number): Pairing | undefined => ENTRIES.find((e) => e.id === id)?.pairing;
