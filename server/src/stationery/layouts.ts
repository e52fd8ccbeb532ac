import type { LabelProduct } from '../../../common/label-settings.ts';
import { bookInsertLayout } from './book-insert.ts';
import { dvdJacketLayout } from './dvd-jacket.ts';
import { dvdLabelLayout, photoCdLabelLayout } from './dvd-label.ts';
import type { Layout, LayoutInput } from './layout.ts';

/** The layout of each product of the Print Labels tab. */
export const LAYOUTS: Record<LabelProduct, (input: LayoutInput) => Layout> = {
  dvd_label: dvdLabelLayout,
  dvd_jacket: dvdJacketLayout,
  video_book_insert: bookInsertLayout,
  photo_cd_label: photoCdLabelLayout,
};
