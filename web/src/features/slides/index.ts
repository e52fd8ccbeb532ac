import type { PageRoute } from '../../app/route-types.ts';
import { SlidesPage } from './SlidesPage.tsx';
import { CREATOR_SLIDES_PATH, SHORT_SLIDE_PATH } from './editor/paths.ts';
import { ShortSlidePage } from './editor/ShortSlidePage.tsx';

export { GRID, gridHeight, layoutRows, rowPitch, imageAspect, type GridMetrics } from './layout.ts';
export { clickSelection, EMPTY_SELECTION, pruneSelection, rightClickSelection, selectedInOrder, type Selection } from './selection.ts';
export { SelectedMark, TILE_FOCUS_RING } from './SelectedMark.tsx';
export { SlideThumb } from './SlideThumb.tsx';
export { GALLERY_THUMB } from './ReadOnlyGallery.tsx';
export { TextSlideFace } from './TextSlideFace.tsx';
export { useElementWidth, useGridMetrics, useVisibleRows } from './useGridViewport.ts';
export { VideoRefGate } from './VideoRefGate.tsx';
export { useLiveSync } from './live/index.ts';

/** The creator Slides step; /slides/{id} and /new_text open over the grid, so one route keeps the grid mounted. */
export const SLIDES_ROUTES: PageRoute[] = [
  { path: CREATOR_SLIDES_PATH, title: 'Slides', audience: 'public', component: SlidesPage },
  // The short editor addresses /slides/{id}[/{tool}] (signed-in users; family links use the creator form).
  { path: SHORT_SLIDE_PATH, title: 'Slides', audience: 'user', component: ShortSlidePage },
];
