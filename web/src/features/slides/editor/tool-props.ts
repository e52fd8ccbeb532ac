import type { Slide, VideoRef } from '../../../api/index.ts';
import type { SlideEdits } from './useSlideEdits.ts';

/** What every tool dialog gets from the slide dialog. */
export interface ToolProps {
  videoRef: VideoRef;
  slide: Slide;
  /** Non-deleted slides in order, for previous and next. */
  slides: Slide[];
  isCover: boolean;
  /** Width over height of the cover photo (the video's cover ratio). */
  coverRatio: number;
  /** The slide is busy or rotating: the tool shows a spinner instead of Done. */
  working: boolean;
  edits: SlideEdits;
  /** Back to the slide dialog. */
  onClose(): void;
  /** The same tool on another slide. */
  onGo(id: number): void;
}

/** The neighbours a tool's Previous and Next move to (photos only where the tool only takes photos). */
export function neighbours(slides: Slide[], id: number, accept: (s: Slide) => boolean = () => true): { previous: Slide | null; next: Slide | null } {
  const index = slides.findIndex((s) => s.id === id);
  let previous: Slide | null = null;
  let next: Slide | null = null;
  for (let i = index - 1; i >= 0; i--) if (accept(slides[i])) { previous = slides[i]; break; }
  for (let i = index + 1; i < slides.length; i++) if (accept(slides[i])) { next = slides[i]; break; }
  return { previous, next };
}
