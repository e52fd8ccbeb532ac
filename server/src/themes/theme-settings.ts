import { isHexColour } from '../../../common/custom-theme.ts';
import { PALETTE_SIZE } from '../../../common/theme-palette.ts';
import { ART } from './art/index.ts';
import type { ArtFamily, ThemeDesign } from './types.ts';

/**
 * What the super drawer's themes page (/settings/themes) changes in a theme's design: its title, tags,
 * visibility and the art family's settings (family, seed, five-colour palette). A catalogue theme keeps these in
 * themes.overrides, which seedThemes lays over the catalogue's design at every start, so the catalogue's other
 * choices (type, timings, look defaults) still reach the theme when the catalogue changes.
 */
export interface ThemeOverrides {
  title?: string;
  tags?: string[];
  debug?: boolean;
  art?: ThemeDesign['art'];
}

export const ART_FAMILIES = Object.keys(ART) as ArtFamily[];

export { paletteOf } from '../../../common/theme-palette.ts';

export const paletteText = (palette: readonly string[]): string => palette.join(', ');

/** Tags as the themes table keeps them (comma-separated) and as the design lists them. */
export const tagList = (text: string): string[] => text.split(',').map((t) => t.trim()).filter(Boolean);

/** Only what it recognises: a hand-edited or older overrides column cannot break a theme. */
export function readOverrides(value: unknown): ThemeOverrides {
  const o = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const art = o.art as Partial<ThemeDesign['art']> | undefined;
  const validArt =
    !!art && ART_FAMILIES.includes(art.family as ArtFamily) && Number.isSafeInteger(art.seed) && Array.isArray(art.palette) && art.palette.length === PALETTE_SIZE && art.palette.every(isHexColour);
  return {
    ...(typeof o.title === 'string' && o.title.trim() ? { title: o.title } : {}),
    ...(Array.isArray(o.tags) && o.tags.every((t) => typeof t === 'string') ? { tags: o.tags as string[] } : {}),
    ...(typeof o.debug === 'boolean' ? { debug: o.debug } : {}),
    ...(validArt ? { art: { family: art.family!, seed: art.seed!, palette: [...art.palette!] } } : {}),
  };
}

export function withOverrides(design: ThemeDesign, overrides: ThemeOverrides): ThemeDesign {
  return { ...design, ...overrides, art: overrides.art ? { ...overrides.art, palette: [...overrides.art.palette] } : design.art };
}
