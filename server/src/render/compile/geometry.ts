import { FULL, motionBounds, rectAt } from '../plan/motion.ts';
import type { Rect, Visual } from '../plan/types.ts';

/**
 * Ken Burns without shaking: the part of the scene the move covers is drawn once as a still ("work image"), and
 * ffmpeg's perspective filter resamples it for every frame at sub-pixel positions (zoompan rounds to whole
 * pixels and visibly shakes). The work image has the output's shape; when the move zooms in, it is drawn larger
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

const num = (n: number): string => (Math.abs(n) < 1e-9 ? '0' : n.toFixed(6).replace(/\.?0+$/, ''));

/**
 * The perspective filter for frames `first`.. of the visual's clock: each corner is a straight line in the
 * filter's input frame number (`in`), so every frame lands exactly where the plan puts it.
 */
export function perspectiveFilter(visual: Visual, work: WorkImage, first: number): string {
  const a = toWork(rectAt(visual.motion, first, visual.span), work);
  const b = toWork(rectAt(visual.motion, first + 1, visual.span), work);
  const line = (start: number, step: number) => `'${num(start)}+${num(step)}*in'`;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const dw = b.w - a.w;
  const dh = b.h - a.h;
  const corners = [
    ['x0', line(a.x, dx)], ['y0', line(a.y, dy)],
    ['x1', line(a.x + a.w, dx + dw)], ['y1', line(a.y, dy)],
    ['x2', line(a.x, dx)], ['y2', line(a.y + a.h, dy + dh)],
    ['x3', line(a.x + a.w, dx + dw)], ['y3', line(a.y + a.h, dy + dh)],
  ];
  return `perspective=${corners.map(([k, v]) => `${k}=${v}`).join(':')}:interpolation=linear:eval=frame`;
}
