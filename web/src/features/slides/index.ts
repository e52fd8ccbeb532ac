export { GRID, gridHeight, layoutRows, rowPitch, imageAspect, type GridMetrics } from './layout.ts';
export { clickSelection, EMPTY_SELECTION, pruneSelection, rightClickSelection, selectedInOrder, type Selection } from './selection.ts';
export { SelectedMark, TILE_FOCUS_RING } from './SelectedMark.tsx';
export { SlideThumb } from './SlideThumb.tsx';
export { GALLERY_THUMB } from './ReadOnlyGallery.tsx';
export { TextSlideFace } from './TextSlideFace.tsx';
export { useElementWidth, useGridMetrics, useVisibleRows } from './useGridViewport.ts';
export { VideoRefGate } from './VideoRefGate.tsx';
export { useLiveSync } from './live/index.ts';
