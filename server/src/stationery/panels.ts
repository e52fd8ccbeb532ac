import { INCH } from './avery-8960.ts';
import { fitImage, fitSize, qrBlock, readableOn, type LayoutInput, type Shape } from './layout.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Printers cut a little off or in: artwork runs 1/8 in past the trim, words stay 1/4 in inside it. */
export const TRIM_BLEED = 0.125 * INCH;
const SAFE = 0.25 * INCH;

/** The artwork (or the theme's colour) filling a box and its bleed, clipped so a neighbour's bleed cannot cover it. */
export function artworkFill({ content }: LayoutInput, box: Box, bleed = TRIM_BLEED): Shape[] {
  const area = { x: box.x - bleed, y: box.y - bleed, w: box.w + 2 * bleed, h: box.h + 2 * bleed };
  const shapes: Shape[] = [{ kind: 'rect', ...area, fill: content.colours.background }];
  if (content.artwork) shapes.push({ kind: 'image', image: 'artwork', ...fitImage(content.artwork, area, 'cover') });
  return [{ kind: 'clip', clip: { kind: 'rect', ...area }, shapes }];
}

function centredLine(input: LayoutInput, text: string, box: Box, y: number, which: 'title' | 'body', max: number, colour: string): Shape[] {
  if (!text.trim()) return [];
  const font = input.content.fonts[which];
  return [{ kind: 'text', text, x: box.x + box.w / 2, y, size: fitSize(input.measure, font, text, box.w - 2 * SAFE, max), font, colour, anchor: 'middle' }];
}

/** The organization's or brand's logo on a light card (logos are drawn for white paper) and its name below. */
function maker(input: LayoutInput, box: Box, top: number, colour: string): Shape[] {
  const who = input.content.maker;
  if (!who) return [];
  const shapes: Shape[] = [];
  let nameY = top + 0.2 * INCH;
  if (who.logo) {
    const area = { x: box.x + box.w / 2 - 0.75 * INCH, y: top, w: 1.5 * INCH, h: 0.6 * INCH };
    const drawn = fitImage(who.logo, area, 'contain');
    const pad = 0.06 * INCH;
    shapes.push({ kind: 'rect', x: drawn.x - pad, y: drawn.y - pad, w: drawn.w + 2 * pad, h: drawn.h + 2 * pad, fill: '#ffffff', opacity: 0.85 });
    shapes.push({ kind: 'image', image: 'logo', ...drawn });
    nameY = top + area.h + 0.28 * INCH;
  }
  return [...shapes, ...centredLine(input, who.name, box, nameY, 'body', 11, colour)];
}

/** A front cover: the words in the middle of the artwork, the maker at the foot. */
export function frontPanel(input: LayoutInput, box: Box): Shape[] {
  const { content } = input;
  const { title, text } = content.colours;
  return [
    ...centredLine(input, content.introText, box, box.y + box.h * 0.33, 'body', 14, text),
    ...centredLine(input, content.title, box, box.y + box.h * 0.45, 'title', 40, title),
    ...centredLine(input, content.subtitle, box, box.y + box.h * 0.53, 'body', 16, text),
    ...maker(input, box, box.y + box.h - SAFE - 0.95 * INCH, text),
  ];
}

/** A back cover: a veil over the artwork, the title, the QR code with what it opens, the maker at the foot. */
export function backPanel(input: LayoutInput, box: Box): Shape[] {
  const { content } = input;
  const { text } = content.colours;
  const veil = readableOn(text);
  const shapes: Shape[] = [{ kind: 'rect', ...box, fill: veil, opacity: 0.4 }];
  shapes.push(...centredLine(input, content.title, box, box.y + SAFE + 0.35 * INCH, 'title', 22, content.colours.title));
  shapes.push(...centredLine(input, content.subtitle, box, box.y + SAFE + 0.65 * INCH, 'body', 12, text));
  if (content.qr) {
    const size = Math.min(1.4 * INCH, box.w * 0.3, box.h * 0.3);
    const x = box.x + (box.w - size) / 2;
    const y = box.y + box.h * 0.42 - size / 2;
    shapes.push(...qrBlock(x, y, size, content.qr.matrix));
    shapes.push(...centredLine(input, content.qr.caption, box, y + size + 0.4 * INCH, 'body', 11, text));
  }
  shapes.push(...maker(input, box, box.y + box.h - SAFE - 0.95 * INCH, text));
  return shapes;
}
