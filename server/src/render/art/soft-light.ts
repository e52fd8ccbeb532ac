import type { Visual } from '../plan/types.ts';

/**
 * A plain colour behind still words (a text slide's Black or White, a custom theme's colour, a theme without art)
 * has nothing a slow move could show, so it is drawn with a soft light: a little brighter above and left of the
 * centre, a little darker towards the edges. It stays close to the chosen colour, so the words keep their
 * contrast, and gives the background's gentle drift something to carry.
 */
const LIGHTEN = 0.14;
const DARKEN = 0.16;

/** The visuals whose plain colour is softly lit: still words (text slides, the intro and outro), not photos or clips. */
export const litWhenPlain = (visual: Pick<Visual, 'kind'>): boolean => visual.kind === 'text' || visual.kind === 'intro' || visual.kind === 'outro';

function rgbOf(colour: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toward = (rgb: [number, number, number], target: number, amount: number): string =>
  `#${rgb.map((c) => Math.round(c + (target - c) * amount).toString(16).padStart(2, '0')).join('')}`;

/** The colour softly lit, as an SVG of width x height; null for a colour that is not '#rgb' or '#rrggbb'. */
export function softLightSvg(colour: string, width: number, height: number): string | null {
  const rgb = rgbOf(colour);
  if (!rgb) return null;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><radialGradient id="l" gradientUnits="userSpaceOnUse" cx="${width * 0.42}" cy="${height * 0.4}" r="${width * 0.62}">` +
    `<stop offset="0" stop-color="${toward(rgb, 255, LIGHTEN)}"/><stop offset="0.5" stop-color="${toward(rgb, 0, 0)}"/>` +
    `<stop offset="1" stop-color="${toward(rgb, 0, DARKEN)}"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#l)"/></svg>`
  );
}
