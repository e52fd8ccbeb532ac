import type { LabelSettings } from '../../../common/label-settings.ts';

/**
 * The one drawing model of a label page, in points (1/72 in) from the page's top-left corner, y growing down.
 * The PDF (pdf.ts) and the JPG (jpg.ts) both draw it, so the preview is the print.
 */

export interface LayoutFont {
  /** A TTF/OTF from a Debian font package: embedded in the PDF, named by family for librsvg in the JPG. */
  file: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
}

export interface LabelImage {
  data: Buffer;
  type: 'jpg' | 'png';
  width: number;
  height: number;
}

/** A QR code as its dark modules, row by row (the product's QR library makes it: qr.service.ts). */
export interface QrMatrix {
  size: number;
  dark: (row: number, column: number) => boolean;
}

/** A ring is a disc label's printable face: a circle with the centre hole cut out. */
export type Clip = { kind: 'ring'; cx: number; cy: number; r: number; hole: number } | { kind: 'rect'; x: number; y: number; w: number; h: number };

export type Shape =
  /** Drawn at exactly this rectangle (already fitted), inside the clip it sits in. */
  | { kind: 'image'; image: string; x: number; y: number; w: number; h: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string; opacity?: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number }
  /** rotate: degrees counter-clockwise around (x, y), as a spine's title reads bottom to top. */
  | { kind: 'text'; text: string; x: number; y: number; size: number; font: LayoutFont; colour: string; anchor: 'start' | 'middle' | 'end'; rotate?: number }
  | { kind: 'qr'; x: number; y: number; size: number; matrix: QrMatrix; colour: string }
  | { kind: 'clip'; clip: Clip; shapes: Shape[] };

export interface Layout {
  width: number;
  height: number;
  images: Record<string, LabelImage>;
  shapes: Shape[];
}

/** What goes on every product, gathered by stationery.service.ts. */
export interface LabelContent {
  title: string;
  subtitle: string;
  introText: string;
  fonts: { title: LayoutFont; body: LayoutFont };
  colours: { title: string; text: string; background: string };
  /** The theme's artwork (or a custom theme's picture); without one the background colour shows. */
  artwork: LabelImage | null;
  /** The organization or the video's brand: its name, and its logo when the video shows it. */
  maker: { name: string; logo: LabelImage | null } | null;
  /** Present when the QR code is shown: what it encodes and the line printed under it. */
  qr: { link: string; matrix: QrMatrix; caption: string } | null;
}

/** Text widths in points, measured from the font file itself so both outputs centre and fit alike. */
export type Measure = (font: LayoutFont, text: string, size: number) => number;

export interface LayoutInput {
  content: LabelContent;
  settings: LabelSettings;
  measure: Measure;
}

/** The rectangle an image of w x h takes when it covers (fills, cropping) or fits inside (letterboxed) a box. */
export function fitImage(image: { width: number; height: number }, box: { x: number; y: number; w: number; h: number }, mode: 'cover' | 'contain') {
  const scale = mode === 'cover' ? Math.max(box.w / image.width, box.h / image.height) : Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** The largest size up to `max` at which the text fits `width`; never below `min` (long titles then run wide). */
export function fitSize(measure: Measure, font: LayoutFont, text: string, width: number, max: number, min = 6): number {
  const at = measure(font, text, max);
  if (at <= width) return max;
  return Math.max(min, Math.floor((max * width) / at * 10) / 10);
}

/** Half the width of a circle of radius r at a distance dy from its centre. */
export const halfChord = (r: number, dy: number): number => Math.sqrt(Math.max(0, r * r - dy * dy));

/** The colour that reads on top of another: dark on light, light on dark. */
export function readableOn(hex: string): string {
  const h = hex.replace('#', '').slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 ? '#1d1d1f' : '#ffffff';
}

/** Short cut lines just outside a trimmed rectangle's corners, where a printer's paper cutter lines up. */
export function cropMarks(x: number, y: number, w: number, h: number, gap: number, length: number): Shape[] {
  const line = (x1: number, y1: number, x2: number, y2: number): Shape => ({ kind: 'line', x1, y1, x2, y2, stroke: '#000000', width: 0.5 });
  const marks: Shape[] = [];
  for (const cx of [x, x + w]) {
    marks.push(line(cx, y - gap - length, cx, y - gap), line(cx, y + h + gap, cx, y + h + gap + length));
  }
  for (const cy of [y, y + h]) {
    marks.push(line(x - gap - length, cy, x - gap, cy), line(x + w + gap, cy, x + w + gap + length, cy));
  }
  return marks.filter((m) => m.kind === 'line' && Math.min(m.x1, m.x2, m.y1, m.y2) >= 0);
}

/** The dark modules of a QR code as runs along each row: one rectangle each, so no hairline seams between neighbours. */
export function qrRuns(matrix: QrMatrix): { row: number; column: number; length: number }[] {
  const runs: { row: number; column: number; length: number }[] = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (!matrix.dark(row, column)) continue;
      let end = column;
      while (end + 1 < matrix.size && matrix.dark(row, end + 1)) end++;
      runs.push({ row, column, length: end - column + 1 });
      column = end;
    }
  }
  return runs;
}

/** The pictures a layout of this content may draw, by the names its image shapes use. */
export function layoutImages(content: LabelContent): Layout['images'] {
  const images: Layout['images'] = {};
  if (content.artwork) images.artwork = content.artwork;
  if (content.maker?.logo) images.logo = content.maker.logo;
  return images;
}

/** A QR code on white with a quiet zone of three modules around it, which scanners need to find it on artwork. */
export function qrBlock(x: number, y: number, size: number, matrix: QrMatrix): Shape[] {
  const pad = (3 * size) / matrix.size;
  return [
    { kind: 'rect', x: x - pad, y: y - pad, w: size + 2 * pad, h: size + 2 * pad, fill: '#ffffff' },
    { kind: 'qr', x, y, size, matrix, colour: '#000000' },
  ];
}
