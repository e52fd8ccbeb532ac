import { INCH } from './avery-8960.ts';
import { cropMarks, layoutImages, type Layout, type LayoutInput } from './layout.ts';
import { artworkFill, backPanel, frontPanel, TRIM_BLEED } from './panels.ts';

/**
 * The cover cards of a video book (a hard-cover folder with a screen that plays the video): a 7 x 5 in front and
 * back, one above the other on a US Letter sheet, each with bleed and crop marks.
 */
export const BOOK_CARD = { width: 7 * INCH, height: 5 * INCH } as const;
const PAGE = { width: 8.5 * INCH, height: 11 * INCH };
const GAP = 0.5 * INCH;

export function bookInsertLayout(input: LayoutInput): Layout {
  const x = (PAGE.width - BOOK_CARD.width) / 2;
  const top = (PAGE.height - 2 * BOOK_CARD.height - GAP) / 2;
  const front = { x, y: top, w: BOOK_CARD.width, h: BOOK_CARD.height };
  const back = { x, y: top + BOOK_CARD.height + GAP, w: BOOK_CARD.width, h: BOOK_CARD.height };
  const card = (box: typeof front, words: typeof frontPanel) => [
    ...artworkFill(input, box),
    { kind: 'clip' as const, clip: { kind: 'rect' as const, ...box }, shapes: words(input, box) },
    ...cropMarks(box.x, box.y, box.w, box.h, TRIM_BLEED + 2, 0.2 * INCH),
  ];
  return { ...PAGE, images: layoutImages(input.content), shapes: [...card(front, frontPanel), ...card(back, backPanel)] };
}
