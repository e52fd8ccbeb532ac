import { editedToOriginal, originalPixelsPer, originalToEdited, type GeometryEdits, type GeometrySize } from '../../../../../common/photo-geometry.ts';

/**
 * The red-eye and blemish tools' pure rules (spec 2 sections 4, 5 and 9). Marks are [x, y, radius] in pixels of the
 * original photo upright (common/photo-geometry.ts); the tools draw them over the edited picture, whose pixels
 * they map through the slide's rotation, straighten and crop.
 */
export type Mark = [number, number, number];

export const MARK_SIZE_MIN = 2;
export const MARK_SIZE_MAX = 100;
export const PUPIL_SIZE_DEFAULT = 10;
export const BRUSH_SIZE_DEFAULT = 10;
/** Only pixels whose red exceeds 1.5 times the mean of green and blue are recoloured. */
export const RED_EYE_THRESHOLD = 1.5;
/** The brush's cursor preview hides this long after the size slider last moved. */
export const BRUSH_PREVIEW_MS = 1000;

/** A point of the shown picture (fractions 0..1 across it) with a size in the picture's own pixels, as a mark. */
export function markAt(edits: GeometryEdits, size: GeometrySize, pictureWidth: number, u: number, v: number, radius: number): Mark {
  const p = editedToOriginal(edits, size, u, v);
  const r = radius * originalPixelsPer(edits, size, pictureWidth);
  return [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10, Math.round(r * 10) / 10];
}

/** Where a mark lands on the shown picture: fractions across it, and its radius in the picture's pixels. */
export function markOnPicture(edits: GeometryEdits, size: GeometrySize, pictureWidth: number, mark: Mark): { u: number; v: number; radius: number } {
  const { u, v } = originalToEdited(edits, size, mark[0], mark[1]);
  return { u, v, radius: mark[2] / originalPixelsPer(edits, size, pictureWidth) };
}

/**
 * Red-eye on RGBA pixels (a canvas's ImageData): within the radius, a pixel whose red exceeds 1.5 x the mean of
 * green and blue takes that mean as its red.
 */
export function removeRedEye(data: Uint8ClampedArray, width: number, height: number, cx: number, cy: number, r: number): void {
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(width - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(height - 1, Math.ceil(cy + r));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      if (dx * dx + dy * dy > r * r) continue;
      const i = (y * width + x) * 4;
      const mean = (data[i + 1] + data[i + 2]) / 2;
      if (data[i] > RED_EYE_THRESHOLD * mean) data[i] = Math.round(mean);
    }
  }
}

/** While the brush drags, a new stroke is added once the pointer is a third of the brush radius from the last one. */
export function nextStroke(last: { x: number; y: number } | null, point: { x: number; y: number }, radius: number): boolean {
  if (!last) return true;
  return Math.hypot(point.x - last.x, point.y - last.y) >= radius / 3;
}
