import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import type { LayoutFont, Measure } from './layout.ts';

const fonts = new Map<string, Font>();

function fontOf(file: string): Font {
  let font = fonts.get(file);
  if (!font) {
    // A few font files at most, each read once a process: the themes use some twenty.
    font = fontkit.create(readFileSync(file));
    fonts.set(file, font);
  }
  return font;
}

/** Width in points of text set in a font file, from its own advance widths (the PDF's embedded font agrees). */
export const measureText: Measure = (font: LayoutFont, text: string, size: number): number => {
  const face = fontOf(font.file);
  return (face.layout(text).advanceWidth / face.unitsPerEm) * size;
};
