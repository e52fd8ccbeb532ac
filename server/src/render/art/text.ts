import type { PlanFont } from '../plan/types.ts';

/** Pango markup text: the user's words are never read as markup. */
export const escapeMarkup = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A Pango font description; with 72 dpi a point is a pixel. */
export function fontDescription(font: PlanFont, pixels: number): string {
  const weight = font.weight ?? 400;
  const words = [font.family];
  if (font.style === 'italic') words.push('Italic');
  if (weight >= 700 && !/bold/i.test(font.family)) words.push('Bold');
  else if (weight >= 550) words.push('Semi-Bold');
  words.push(String(Math.max(1, Math.round(pixels))));
  return words.join(' ');
}

/** '#rrggbb' or '#rrggbbaa' as a colour and an opacity 0..1. */
export function splitColour(colour: string): { rgb: string; alpha: number } {
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(colour.trim());
  if (!m) return { rgb: colour, alpha: 1 };
  return { rgb: `#${m[1]}`, alpha: m[2] ? parseInt(m[2], 16) / 255 : 1 };
}
