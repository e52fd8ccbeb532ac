import { FULL, motionBounds, rectAt } from '../plan/motion.ts';
import type { Rect, Visual } from '../plan/types.ts';

/**
 * Ken Burns without shaking: the part of the scene the move covers is drawn once as a still ("work image"), and
 * every frame is resampled from it at sub-pixel positions by the kenburns program (server/native/kenburns.c;
 * zoompan rounds to whole pixels and visibly shakes). The work image has the output's shape; when the move zooms in, it is drawn larger
 * (supersampled, up to the profile's limit) so the closest frame is not blown up from too few pixels.
 */
export interface WorkImage {
  /** The part of the scene the work image shows, in scene units. */
  region: Rect;
  width: number;
  height: number;
}

const even = (n: number): number => Math.max(2, 2 * Math.round(n / 2));

export function workImage(visual: Visual, outWidth: number, outHeight: number, maxSupersample: number): WorkImage {
  if (!visual.motion) return { region: FULL, width: outWidth, height: outHeight };
  const region = motionBounds(visual.motion);
  const closest = Math.min(visual.motion.from.w, visual.motion.to.w);
  const supersample = Math.min(maxSupersample, Math.max(1, region.w / closest));
  return { region, width: even(outWidth * supersample), height: even(outHeight * supersample) };
}

/** A rectangle of the scene in work-image pixels. */
function toWork(rect: Rect, work: WorkImage): Rect {
  return {
    x: ((rect.x - work.region.x) / work.region.w) * work.width,
    y: ((rect.y - work.region.y) / work.region.h) * work.height,
    w: (rect.w / work.region.w) * work.width,
    h: (rect.h / work.region.h) * work.height,
  };
}

/** A move in work-image pixels: the rectangle at frame `first` of the visual's clock and what each frame adds to it. */
export interface WorkMove {
  x: number;
  y: number;
  w: number;
  h: number;
  dx: number;
  dy: number;
  dw: number;
  dh: number;
}

/** Each side of the rectangle is a straight line in the frame number, so every frame lands exactly where the plan puts it. */
export function workMove(visual: Visual, work: WorkImage, first: number): WorkMove {
  const a = toWork(rectAt(visual.motion, first, visual.span), work);
  const b = toWork(rectAt(visual.motion, first + 1, visual.span), work);
  return { x: a.x, y: a.y, w: a.w, h: a.h, dx: b.x - a.x, dy: b.y - a.y, dw: b.w - a.w, dh: b.h - a.h };
}
