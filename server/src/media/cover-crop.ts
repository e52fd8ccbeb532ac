import type { PhotoFace } from './face-geometry.ts';

/**
 * The automatic cover crop (the cover_thumb and cover_big images: the video's picture in lists, its poster and
 * the render's cover.jpg) cuts the edited photo to the cover's shape. Centred, it can cut a face near an edge;
 * with faces it slides along the free axis to hold them all, as centred on them as the photo allows (and, when
 * they are spread wider than the crop, centred on them).
 */

export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a window of `size` starts on an axis of [start, start + length] to hold [a, b], nearest centring it on them. */
function place(start: number, length: number, size: number, a: number, b: number): number {
  const wanted = (a + b) / 2 - size / 2;
  const lo = b - a <= size ? Math.max(start, b - size) : start;
  const hi = b - a <= size ? Math.min(start + length - size, a) : start + length - size;
  return Math.min(hi, Math.max(lo, wanted));
}

/** The part of `rect` with the width:height `ratio`, centred, or placed over the faces (fractions of `rect`). */
export function coverWindow(rect: PixelRect, ratio: number, faces: PhotoFace[] = []): PixelRect {
  const wide = rect.width / rect.height > ratio;
  const width = wide ? rect.height * ratio : rect.width;
  const height = wide ? rect.height : rect.width / ratio;
  if (!faces.length) return { left: rect.left + (rect.width - width) / 2, top: rect.top + (rect.height - height) / 2, width, height };
  if (wide) {
    const a = rect.left + Math.min(...faces.map((f) => f.x)) * rect.width;
    const b = rect.left + Math.max(...faces.map((f) => f.x + f.w)) * rect.width;
    return { left: place(rect.left, rect.width, width, a, b), top: rect.top, width, height };
  }
  const a = rect.top + Math.min(...faces.map((f) => f.y)) * rect.height;
  const b = rect.top + Math.max(...faces.map((f) => f.y + f.h)) * rect.height;
  return { left: rect.left, top: place(rect.top, rect.height, height, a, b), width, height };
}
