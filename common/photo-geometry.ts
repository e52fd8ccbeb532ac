/**
 * Where the pixels of an edited photo come from: the quarter turns and the straighten angle (one clockwise
 * turn about the centre), the largest rectangle of the photo's own shape with no empty corner, then the user's
 * crop (0..32000 on each axis of that rectangle). The server's image recipe plans every derived image with this,
 * and the slide editor maps a click on the edited photo back to the original with it, so a red-eye mark or a
 * blemish stroke lands on the same pixels in every derived image.
 *
 * Red-eye marks and blemish strokes are [x, y, radius] in pixels of the original photo as it stands upright
 * after its EXIF orientation (the slide's width x height), before rotation, straighten and crop: they stay on
 * the same eye whatever the later geometry edits do.
 */

export const CROP_SPACE = 32000;
export const STRAIGHTEN_LIMIT = 45;

export interface GeometryCrop {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

export interface GeometrySize {
  width: number;
  height: number;
}

export interface GeometryRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface GeometryEdits {
  angle: number;
  straighten: number;
  crop: GeometryCrop | null;
}

export interface PhotoGeometry {
  /** Clockwise degrees of the one turn (quarter turns plus straighten). */
  degrees: number;
  /** The turned photo's bounding box, rounded down. */
  canvas: GeometrySize;
  /** The part of the canvas the edited photo shows (unrounded). */
  window: GeometryRect;
  /** The original's size (upright by EXIF). */
  source: GeometrySize;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const finite = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Quarter turns clockwise, 0..270. */
export function quarterTurnsOf(angle: number): number {
  return ((Math.round(finite(angle, 0) / 90) * 90) % 360 + 360) % 360;
}

/** The spec ignores a straighten angle outside plus or minus 45 degrees. */
export function straightenOf(straighten: number): number {
  const value = finite(straighten, 0);
  return Math.abs(value) > STRAIGHTEN_LIMIT ? 0 : value;
}

/** A valid crop inside the crop space, or null for the full photo. */
export function cropOf(crop: GeometryCrop | null | undefined): GeometryCrop | null {
  if (!crop) return null;
  const x1 = clamp(finite(crop.x1, 0), 0, CROP_SPACE);
  const x2 = clamp(finite(crop.x2, CROP_SPACE), 0, CROP_SPACE);
  const y1 = clamp(finite(crop.y1, 0), 0, CROP_SPACE);
  const y2 = clamp(finite(crop.y2, CROP_SPACE), 0, CROP_SPACE);
  if (x2 <= x1 || y2 <= y1) return null;
  if (x1 === 0 && y1 === 0 && x2 === CROP_SPACE && y2 === CROP_SPACE) return null;
  return { x1, x2, y1, y2 };
}

export function photoGeometry(edits: GeometryEdits, size: GeometrySize): PhotoGeometry {
  const turns = quarterTurnsOf(edits.angle);
  const w = turns % 180 ? size.height : size.width;
  const h = turns % 180 ? size.width : size.height;
  const tilt = straightenOf(edits.straighten);
  let canvas: GeometrySize = { width: w, height: h };
  let window: GeometryRect = { left: 0, top: 0, width: w, height: h };
  if (tilt !== 0) {
    const rad = (Math.abs(tilt) * Math.PI) / 180;
    const cos = Math.cos(rad);
    const sin = Math.sin(rad);
    const boxW = w * cos + h * sin;
    const boxH = w * sin + h * cos;
    const scale = Math.min(w / boxW, h / boxH);
    const inner = { width: w * scale, height: h * scale };
    // One pixel in from each side: the edge pixels of the inscribed rectangle are interpolated with the background.
    window = {
      left: (boxW - inner.width) / 2 + 1,
      top: (boxH - inner.height) / 2 + 1,
      width: inner.width - 2,
      height: inner.height - 2,
    };
    canvas = { width: Math.floor(boxW), height: Math.floor(boxH) };
  }
  const crop = cropOf(edits.crop);
  if (crop) {
    window = {
      left: window.left + (crop.x1 / CROP_SPACE) * window.width,
      top: window.top + (crop.y1 / CROP_SPACE) * window.height,
      width: ((crop.x2 - crop.x1) / CROP_SPACE) * window.width,
      height: ((crop.y2 - crop.y1) / CROP_SPACE) * window.height,
    };
  }
  return { degrees: turns + tilt, canvas, window, source: { width: size.width, height: size.height } };
}

/** A point of the original (upright) photo on the turned canvas. */
export function originalToCanvas(g: PhotoGeometry, x: number, y: number): { x: number; y: number } {
  const rad = (g.degrees * Math.PI) / 180;
  const dx = x - g.source.width / 2;
  const dy = y - g.source.height / 2;
  // Clockwise on screen (y points down).
  return {
    x: g.canvas.width / 2 + dx * Math.cos(rad) - dy * Math.sin(rad),
    y: g.canvas.height / 2 + dx * Math.sin(rad) + dy * Math.cos(rad),
  };
}

export function canvasToOriginal(g: PhotoGeometry, x: number, y: number): { x: number; y: number } {
  const rad = (g.degrees * Math.PI) / 180;
  const dx = x - g.canvas.width / 2;
  const dy = y - g.canvas.height / 2;
  return {
    x: g.source.width / 2 + dx * Math.cos(rad) + dy * Math.sin(rad),
    y: g.source.height / 2 - dx * Math.sin(rad) + dy * Math.cos(rad),
  };
}

/**
 * The slide editor's mapping: a point at (u, v), fractions 0..1 across the edited photo as shown (big_url or a
 * big_sans_{tool}_url whose tool is not a geometry edit), to original pixels, and back.
 */
export function editedToOriginal(edits: GeometryEdits, size: GeometrySize, u: number, v: number): { x: number; y: number } {
  const g = photoGeometry(edits, size);
  return canvasToOriginal(g, g.window.left + u * g.window.width, g.window.top + v * g.window.height);
}

export function originalToEdited(edits: GeometryEdits, size: GeometrySize, x: number, y: number): { u: number; v: number } {
  const g = photoGeometry(edits, size);
  const p = originalToCanvas(g, x, y);
  return { u: (p.x - g.window.left) / g.window.width, v: (p.y - g.window.top) / g.window.height };
}

/** Original pixels per pixel of the edited photo shown `shownWidth` wide: a brush of r shown pixels is r * this. */
export function originalPixelsPer(edits: GeometryEdits, size: GeometrySize, shownWidth: number): number {
  return photoGeometry(edits, size).window.width / shownWidth;
}
