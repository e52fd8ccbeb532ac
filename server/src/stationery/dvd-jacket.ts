import { INCH } from './avery-8960.ts';
import { cropMarks, fitSize, layoutImages, readableOn, type Layout, type LayoutInput, type Shape } from './layout.ts';
import { artworkFill, backPanel, frontPanel, TRIM_BLEED } from './panels.ts';

/**
 * The insert of a standard DVD case (the sleeve under its clear cover), 10 3/4 x 7 1/4 in: back, a 0.55 in spine
 * (a 14 mm case) and front, side by side on a US Letter sheet turned sideways, with crop marks at the trim and
 * the folds.
 */
export const JACKET = { width: 10.75 * INCH, height: 7.25 * INCH, spine: 0.55 * INCH } as const;
const PAGE = { width: 11 * INCH, height: 8.5 * INCH };

export function dvdJacketLayout(input: LayoutInput): Layout {
  const x = (PAGE.width - JACKET.width) / 2;
  const y = (PAGE.height - JACKET.height) / 2;
  const panel = (JACKET.width - JACKET.spine) / 2;
  const back = { x, y, w: panel, h: JACKET.height };
  const spine = { x: x + panel, y, w: JACKET.spine, h: JACKET.height };
  const front = { x: x + panel + JACKET.spine, y, w: panel, h: JACKET.height };
  const { content, measure } = input;

  const spineShapes: Shape[] = [{ kind: 'rect', ...spine, fill: readableOn(content.colours.title), opacity: 0.55 }];
  if (content.title.trim()) {
    const size = fitSize(measure, content.fonts.title, content.title, JACKET.height - 0.8 * INCH, Math.min(18, JACKET.spine * 0.55));
    // Read top to bottom, as spines are on this side of the Atlantic: turned a quarter clockwise.
    spineShapes.push({ kind: 'text', text: content.title, x: spine.x + spine.w / 2 - size * 0.35, y: spine.y + spine.h / 2, size, font: content.fonts.title, colour: content.colours.title, anchor: 'middle', rotate: -90 });
  }
  const marks = [
    ...cropMarks(x, y, JACKET.width, JACKET.height, TRIM_BLEED + 2, 0.25 * INCH),
    // Fold lines of the spine, marked above and below the sheet's printed area only.
    ...[spine.x, spine.x + spine.w].flatMap((fx): Shape[] => [
      { kind: 'line', x1: fx, y1: y - TRIM_BLEED - 2 - 0.25 * INCH, x2: fx, y2: y - TRIM_BLEED - 2, stroke: '#000000', width: 0.5 },
      { kind: 'line', x1: fx, y1: y + JACKET.height + TRIM_BLEED + 2, x2: fx, y2: y + JACKET.height + TRIM_BLEED + 2 + 0.25 * INCH, stroke: '#000000', width: 0.5 },
    ]),
  ];
  return {
    ...PAGE,
    images: layoutImages(content),
    shapes: [
      ...artworkFill(input, { x, y, w: JACKET.width, h: JACKET.height }),
      { kind: 'clip', clip: { kind: 'rect', x, y, w: JACKET.width, h: JACKET.height }, shapes: [...backPanel(input, back), ...spineShapes, ...frontPanel(input, front)] },
      ...marks,
    ],
  };
}
