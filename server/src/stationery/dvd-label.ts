import { isTwoPerPage, parseOffset, usesBottom, usesTop } from '../../../common/label-settings.ts';
import { AVERY_8960, HOLE_DIAMETER, INCH } from './avery-8960.ts';
import { fitImage, fitSize, halfChord, layoutImages, qrBlock, readableOn, type Layout, type LayoutInput, type Shape } from './layout.ts';

/** A single label (dual '0') is a page the size of the label, for disc printers and sheets of one. */
const SINGLE_MARGIN = 0.125 * INCH;

export interface DiscPosition {
  cx: number;
  cy: number;
}

/**
 * Where the labels go: the single style centres one on its own page; the two-per-page style puts the chosen ones at
 * Avery 8960's positions, each moved by its fine-tune offset (inches; negative moves left or up).
 */
export function discPositions(settings: LayoutInput['settings']): { width: number; height: number; discs: DiscPosition[] } {
  if (!isTwoPerPage(settings.dual)) {
    const side = 2 * (AVERY_8960.radius + SINGLE_MARGIN);
    return { width: side, height: side, discs: [{ cx: side / 2, cy: side / 2 }] };
  }
  const offset = (text: string): number => (parseOffset(text) ?? 0) * INCH;
  const discs: DiscPosition[] = [];
  if (usesTop(settings.dual)) discs.push({ cx: AVERY_8960.top.x + offset(settings.adjTopX), cy: AVERY_8960.top.y + offset(settings.adjTopY) });
  if (usesBottom(settings.dual)) discs.push({ cx: AVERY_8960.bottom.x + offset(settings.adjBottomX), cy: AVERY_8960.bottom.y + offset(settings.adjBottomY) });
  return { ...AVERY_8960.page, discs };
}

/** One disc's face: artwork over the ring, the words above the hole, the QR code, logo and name below it. */
function disc({ content, settings, measure }: LayoutInput, { cx, cy }: DiscPosition): Shape[] {
  const r = AVERY_8960.radius;
  const hole = HOLE_DIAMETER[settings.dvdLabelSize] / 2;
  // Bleed paints past the cut (and into the hole) so a sheet fed a little askew shows no white rim; only the
  // two-per-page style has it, as a single label is printed where it is cut.
  const bleed = isTwoPerPage(settings.dual) && settings.bleed ? AVERY_8960.bleed : 0;
  const paint: Shape[] = [{ kind: 'rect', x: cx - r - bleed, y: cy - r - bleed, w: 2 * (r + bleed), h: 2 * (r + bleed), fill: content.colours.background }];
  if (content.artwork) {
    paint.push({ kind: 'image', image: 'artwork', ...fitImage(content.artwork, { x: cx - r - bleed, y: cy - r - bleed, w: 2 * (r + bleed), h: 2 * (r + bleed) }, 'cover') });
  }
  const words: Shape[] = [];
  const { title: titleFont, body: bodyFont } = content.fonts;
  const margin = 0.2 * INCH;
  const line = (text: string, dy: number, font: typeof titleFont, max: number, colour: string) => {
    if (!text.trim()) return;
    const width = 2 * halfChord(r, Math.abs(dy) + max * 0.3) - 2 * margin;
    words.push({ kind: 'text', text, x: cx, y: cy + dy, size: fitSize(measure, font, text, width, max), font, colour, anchor: 'middle' });
  };
  // Above the hole, from the rim down: the intro line, the title, the subtitle.
  line(content.introText, -1.62 * INCH, bodyFont, 11, content.colours.text);
  line(content.title, -1.22 * INCH, titleFont, 26, content.colours.title);
  line(content.subtitle, -0.92 * INCH, bodyFont, 13, content.colours.text);

  // Below the hole: the QR code in the middle, the logo to its left, the name along the rim.
  const below = cy + Math.max(hole, 0.42 * INCH) + 0.14 * INCH;
  // As large as fits between the hole and the name along the rim (smaller around a large hole), quiet zone included.
  const modules = content.qr?.matrix.size ?? 1;
  const qrSize = Math.min(0.9 * INCH, ((1.8 * INCH - (below - cy)) * modules) / (modules + 3));
  if (content.qr) {
    words.push(...qrBlock(cx - qrSize / 2, below, qrSize, content.qr.matrix));
  }
  if (content.maker?.logo) {
    const box = content.qr
      ? { x: cx - qrSize / 2 - 0.16 * INCH - 0.9 * INCH, y: below + 0.1 * INCH, w: 0.9 * INCH, h: 0.6 * INCH }
      : { x: cx - 0.6 * INCH, y: below, w: 1.2 * INCH, h: 0.7 * INCH };
    const drawn = fitImage(content.maker.logo, box, 'contain');
    // Logos are drawn for white paper: a light card behind keeps them true on dark artwork.
    words.push({ kind: 'rect', ...pad(drawn, 0.05 * INCH), fill: '#ffffff', opacity: 0.85 });
    words.push({ kind: 'image', image: 'logo', ...drawn });
  }
  if (content.maker?.name) {
    const dy = 1.98 * INCH;
    const width = 2 * halfChord(r, dy + 4) - 2 * margin;
    const colour = content.artwork ? content.colours.text : readableOn(content.colours.background);
    words.push({ kind: 'text', text: content.maker.name, x: cx, y: cy + dy, size: fitSize(measure, bodyFont, content.maker.name, width, 10), font: bodyFont, colour, anchor: 'middle' });
  }
  return [{ kind: 'clip', clip: { kind: 'ring', cx, cy, r: r + bleed, hole: Math.max(0, hole - bleed) }, shapes: [...paint, ...words] }];
}

const pad = (box: { x: number; y: number; w: number; h: number }, by: number) => ({ x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by });

/** The line above the title on the Photo CD label, where the DVD label has the video's intro text. */
export const PHOTO_CD_LINE = 'Photographs';

/** The Photo CD label (super users): the DVD label's disc, saying it holds the photographs rather than the video. */
export function photoCdLabelLayout(input: LayoutInput): Layout {
  return dvdLabelLayout({ ...input, content: { ...input.content, introText: PHOTO_CD_LINE } });
}

/** The DVD label product: one label, or Avery 8960's two-per-page sheet with one or both labels. */
export function dvdLabelLayout(input: LayoutInput): Layout {
  const { width, height, discs } = discPositions(input.settings);
  return { width, height, images: layoutImages(input.content), shapes: discs.flatMap((position) => disc(input, position)) };
}
