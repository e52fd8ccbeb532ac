import { backgroundModes, CUSTOM_THEME_BASE_ID, isHexColour, type BackgroundMode } from '../../../common/custom-theme.ts';
import { AppError } from '../http/errors.ts';
import { FONTS, isFontKey, type FontKey } from '../themes/fonts.ts';
import type { FontSpec } from '../themes/types.ts';
import type { WireFontChoice } from '../wire/custom-theme.ts';

/**
 * What a custom theme stores in custom_themes.design, read by the editor, the preview and the render engine:
 * pictures are storage keys of 1280x720 JPEGs; 'theme' keeps the base theme's own drawn background.
 */
export interface CustomThemeDesign {
  intro_enabled: boolean;
  intro_image: string | null;
  background_mode: BackgroundMode;
  background_colour: string;
  background_image: string | null;
  title_font: FontKey;
  title_colour: string;
  caption_font: FontKey;
}

export type PictureSlot = 'intro' | 'background';
export const PICTURE_SLOTS: readonly PictureSlot[] = ['intro', 'background'];

const FALLBACK = {
  title_font: 'eb-garamond-italic',
  caption_font: 'gentium-basic-italic',
  title_colour: '#ffffff',
  background_colour: '#3d4a5c',
} as const satisfies Partial<CustomThemeDesign>;

type Loose = Record<string, unknown> | undefined;
const objectAt = (value: unknown, key: string): Loose => {
  const inner = (value as Loose)?.[key];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : undefined;
};

/** A new custom theme starts from its base theme's fonts and colours (themes.design, as the catalogue writes it). */
export function designFromTheme(baseThemeId: number, themeDesign: unknown): CustomThemeDesign {
  const fonts = objectAt(themeDesign, 'fonts');
  const colours = objectAt(themeDesign, 'colours');
  const titleFont = objectAt(fonts, 'title')?.key;
  const captionFont = objectAt(fonts, 'caption')?.key;
  return {
    intro_enabled: true,
    intro_image: null,
    background_mode: baseThemeId === CUSTOM_THEME_BASE_ID ? 'colour' : 'theme',
    background_colour: isHexColour(colours?.background) ? colours.background : FALLBACK.background_colour,
    background_image: null,
    title_font: isFontKey(titleFont) ? titleFont : FALLBACK.title_font,
    title_colour: isHexColour(colours?.title) ? colours.title : FALLBACK.title_colour,
    caption_font: isFontKey(captionFont) ? captionFont : FALLBACK.caption_font,
  };
}

const keyOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Whatever is stored, as a complete design (missing or unknown values take the defaults). */
export function readDesign(stored: unknown, baseThemeId: number): CustomThemeDesign {
  const d = (stored ?? {}) as Record<string, unknown>;
  const fallback = designFromTheme(baseThemeId, undefined);
  const mode = backgroundModes(baseThemeId).includes(d.background_mode as BackgroundMode) ? (d.background_mode as BackgroundMode) : fallback.background_mode;
  return {
    intro_enabled: typeof d.intro_enabled === 'boolean' ? d.intro_enabled : fallback.intro_enabled,
    intro_image: keyOrNull(d.intro_image),
    background_mode: mode,
    background_colour: isHexColour(d.background_colour) ? d.background_colour : fallback.background_colour,
    background_image: keyOrNull(d.background_image),
    title_font: isFontKey(d.title_font) ? d.title_font : fallback.title_font,
    title_colour: isHexColour(d.title_colour) ? d.title_colour : fallback.title_colour,
    caption_font: isFontKey(d.caption_font) ? d.caption_font : fallback.caption_font,
  };
}

/** Applies an editor change; anything of the wrong kind is refused with a message the editor shows. */
export function changeDesign(design: CustomThemeDesign, change: Record<string, unknown>, baseThemeId: number): CustomThemeDesign {
  const next = { ...design };
  const invalid = (what: string): never => {
    throw new AppError(422, `Please choose a valid ${what}.`);
  };
  if ('intro_enabled' in change) next.intro_enabled = typeof change.intro_enabled === 'boolean' ? change.intro_enabled : invalid('intro setting');
  if ('background_mode' in change) {
    const mode = change.background_mode as BackgroundMode;
    next.background_mode = backgroundModes(baseThemeId).includes(mode) ? mode : invalid('background');
  }
  if ('background_colour' in change) next.background_colour = isHexColour(change.background_colour) ? change.background_colour : invalid('background colour');
  if ('title_colour' in change) next.title_colour = isHexColour(change.title_colour) ? change.title_colour : invalid('title colour');
  if ('title_font' in change) next.title_font = isFontKey(change.title_font) ? change.title_font : invalid('title font');
  if ('caption_font' in change) next.caption_font = isFontKey(change.caption_font) ? change.caption_font : invalid('caption font');
  for (const slot of PICTURE_SLOTS) {
    const field = `${slot}_image` as const;
    if (field in change) next[field] = change[field] === null ? null : invalid(`${slot} picture`);
  }
  return next;
}

/** Names as a person reads them: "Gentium Basic Italic", "Quicksand Bold". */
export function fontLabel(key: FontKey): string {
  const font: FontSpec = FONTS[key];
  const weight = font.weight ?? 400;
  const emphasis = weight >= 700 ? ' Bold' : weight >= 600 ? ' Semibold' : '';
  const style = font.style === 'italic' ? ' Italic' : '';
  return `${font.family.replace(/ O$| 12$/, '')}${emphasis}${style}`;
}

export const fontChoices = (): WireFontChoice[] =>
  (Object.keys(FONTS) as FontKey[]).map((key) => ({ key, label: fontLabel(key) })).sort((a, b) => a.label.localeCompare(b.label));
