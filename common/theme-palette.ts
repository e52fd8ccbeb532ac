import { isHexColour } from './custom-theme.ts';

/**
 * A theme's art palette as the themes page takes it (/settings/themes) and the art generators read it: five
 * #rrggbb colours, ground first. The page checks it as typed, the server again before saving.
 */
export const PALETTE_SIZE = 5;

export const PALETTE_MESSAGE = 'Please enter five colours like #f7f3ee, separated by commas.';

/** "#f7f3ee, #ece4f0, ..." as the list the generators take, or null unless it is exactly five #rrggbb colours. */
export function paletteOf(text: string): string[] | null {
  const colours = text.split(/[\s,]+/).filter(Boolean).map((c) => c.toLowerCase());
  return colours.length === PALETTE_SIZE && colours.every(isHexColour) ? colours : null;
}
