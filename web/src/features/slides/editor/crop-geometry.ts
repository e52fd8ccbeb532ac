/**
 * The crop tool's rectangle rules (spec 2 sections 4, 5 and 9), in pixels of the picture as shown. The slide's
 * crop itself is kept in crop space, 0..32000 on each axis (CONVENTIONS).
 */

export const CROP_SPACE = 32000;
/** A crop narrower or shorter than this is invalid (red outline) and dropped on release. */
export const CROP_MIN = 16;
/** While dragging, the area never gets smaller than this. */
export const DRAG_MIN = 5;
export const HANDLE_SIZE = 50;
/** Under this width or height the handles sit outside the area, so they do not cover it. */
export const HANDLES_OUTSIDE_BELOW = 105;
/** Under this width or height the middle handles are hidden. */
export const MIDDLE_HANDLES_MIN = 250;

export interface Rect {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

export interface Bounds {
  width: number;
  height: number;
}

export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
export const widthOf = (r: Rect) => r.x2 - r.x1;
export const heightOf = (r: Rect) => r.y2 - r.y1;

export const isValidCrop = (r: Rect) => widthOf(r) >= CROP_MIN && heightOf(r) >= CROP_MIN;

/**
 * A new area dragged from `anchor` to `point`, clamped to the picture. With `aspect` (width / height, the cover
 * photo's ratio) the area keeps that shape, sized by the larger of the two movements that still fits.
 */
export function drawnRect(anchor: { x: number; y: number }, point: { x: number; y: number }, bounds: Bounds, aspect: number | null): Rect {
  const px = clamp(point.x, 0, bounds.width);
  const py = clamp(point.y, 0, bounds.height);
  let w = Math.abs(px - anchor.x);
  let h = Math.abs(py - anchor.y);
  const dirX = px < anchor.x ? -1 : 1;
  const dirY = py < anchor.y ? -1 : 1;
  if (aspect) {
    const roomX = dirX < 0 ? anchor.x : bounds.width - anchor.x;
    const roomY = dirY < 0 ? anchor.y : bounds.height - anchor.y;
    w = Math.min(Math.max(w, h * aspect), roomX, roomY * aspect);
    h = w / aspect;
  }
  const x = dirX < 0 ? anchor.x - w : anchor.x;
  const y = dirY < 0 ? anchor.y - h : anchor.y;
  return { x1: x, x2: x + w, y1: y, y2: y + h };
}

/** The area moved by (dx, dy), kept inside the picture at its size. */
export function movedRect(start: Rect, dx: number, dy: number, bounds: Bounds): Rect {
  const w = widthOf(start);
  const h = heightOf(start);
  const x1 = clamp(start.x1 + dx, 0, bounds.width - w);
  const y1 = clamp(start.y1 + dy, 0, bounds.height - h);
  return { x1, x2: x1 + w, y1, y2: y1 + h };
}

/**
 * The area with one handle dragged by (dx, dy): the handle's edges follow the pointer, clamped to the picture and
 * never closer than DRAG_MIN to the opposite edge. With `aspect`, corner handles keep the shape (the width leads)
 * and edge handles grow the other axis around its centre.
 */
export function resizedRect(start: Rect, handle: Handle, dx: number, dy: number, bounds: Bounds, aspect: number | null): Rect {
  const r = { ...start };
  const west = handle.includes('w');
  const east = handle.includes('e');
  const north = handle.startsWith('n');
  const south = handle.startsWith('s');
  if (west) r.x1 = clamp(start.x1 + dx, 0, start.x2 - DRAG_MIN);
  if (east) r.x2 = clamp(start.x2 + dx, start.x1 + DRAG_MIN, bounds.width);
  if (north) r.y1 = clamp(start.y1 + dy, 0, start.y2 - DRAG_MIN);
  if (south) r.y2 = clamp(start.y2 + dy, start.y1 + DRAG_MIN, bounds.height);
  if (!aspect) return r;
  if (west || east) {
    // The width leads; the height follows from the top (south-going handles) or bottom, or around the middle.
    let w = widthOf(r);
    const anchorY = north ? start.y2 : south ? start.y1 : (start.y1 + start.y2) / 2;
    const roomY = north ? anchorY : south ? bounds.height - anchorY : 2 * Math.min(anchorY, bounds.height - anchorY);
    w = Math.max(DRAG_MIN, Math.min(w, roomY * aspect));
    const h = w / aspect;
    if (west) r.x1 = r.x2 - w;
    else r.x2 = r.x1 + w;
    if (north) r.y1 = anchorY - h;
    else if (south) r.y2 = anchorY + h;
    else {
      r.y1 = anchorY - h / 2;
      r.y2 = anchorY + h / 2;
    }
    return r;
  }
  // n or s: the height leads and the width grows around the middle.
  const midX = (start.x1 + start.x2) / 2;
  let h = heightOf(r);
  h = Math.max(DRAG_MIN, Math.min(h, (2 * Math.min(midX, bounds.width - midX)) / aspect));
  const w = h * aspect;
  if (north) r.y1 = r.y2 - h;
  else r.y2 = r.y1 + h;
  r.x1 = midX - w / 2;
  r.x2 = midX + w / 2;
  return r;
}

export interface PlacedHandle {
  handle: Handle;
  /** Centre of the handle's square of HANDLE_SIZE, in picture pixels. */
  x: number;
  y: number;
}

/**
 * Where the handles go. Below HANDLES_OUTSIDE_BELOW in either dimension they sit outside the area; from there on they
 * sit inside its corners, with a gap to the edge that widens as the area grows. Middle handles are hidden unless the
 * area is at least MIDDLE_HANDLES_MIN in both dimensions.
 */
export function handleLayout(r: Rect): PlacedHandle[] {
  const w = widthOf(r);
  const h = heightOf(r);
  const half = HANDLE_SIZE / 2;
  const outside = w < HANDLES_OUTSIDE_BELOW || h < HANDLES_OUTSIDE_BELOW;
  const gap = outside ? 0 : Math.min(10, (Math.min(w, h) - HANDLES_OUTSIDE_BELOW) / 10);
  const inset = outside ? -half : half + gap;
  const middles = w >= MIDDLE_HANDLES_MIN && h >= MIDDLE_HANDLES_MIN;
  const cx = (r.x1 + r.x2) / 2;
  const cy = (r.y1 + r.y2) / 2;
  const spots: Record<Handle, [number, number]> = {
    nw: [r.x1 + inset, r.y1 + inset],
    n: [cx, r.y1 + inset],
    ne: [r.x2 - inset, r.y1 + inset],
    e: [r.x2 - inset, cy],
    se: [r.x2 - inset, r.y2 - inset],
    s: [cx, r.y2 - inset],
    sw: [r.x1 + inset, r.y2 - inset],
    w: [r.x1 + inset, cy],
  };
  return HANDLES.filter((handle) => middles || handle.length === 2).map((handle) => ({ handle, x: spots[handle][0], y: spots[handle][1] }));
}

/** Picture pixels to crop space, rounded to whole crop units. */
export function toCropSpace(r: Rect, shown: Bounds): Rect {
  const sx = CROP_SPACE / shown.width;
  const sy = CROP_SPACE / shown.height;
  return {
    x1: clamp(Math.round(r.x1 * sx), 0, CROP_SPACE),
    x2: clamp(Math.round(r.x2 * sx), 0, CROP_SPACE),
    y1: clamp(Math.round(r.y1 * sy), 0, CROP_SPACE),
    y2: clamp(Math.round(r.y2 * sy), 0, CROP_SPACE),
  };
}

export function fromCropSpace(c: Rect, shown: Bounds): Rect {
  return { x1: (c.x1 / CROP_SPACE) * shown.width, x2: (c.x2 / CROP_SPACE) * shown.width, y1: (c.y1 / CROP_SPACE) * shown.height, y2: (c.y2 / CROP_SPACE) * shown.height };
}

export const FULL_CROP: Rect = { x1: 0, x2: CROP_SPACE, y1: 0, y2: CROP_SPACE };

export const sameCrop = (a: Rect | null, b: Rect | null) => {
  const x = a ?? FULL_CROP;
  const y = b ?? FULL_CROP;
  return x.x1 === y.x1 && x.x2 === y.x2 && x.y1 === y.y1 && x.y2 === y.y2;
};

/**
 * The area the tool opens with: the slide's crop if it has one; for the cover photo only when that crop's shape
 * matches the cover ratio to two decimals (else the user draws a new one at the locked ratio).
 */
export function initialCrop(crop: Rect | null, picture: Bounds, coverRatio: number | null): Rect | null {
  if (!crop || sameCrop(crop, FULL_CROP)) return null;
  if (coverRatio === null) return crop;
  const ratio = (((crop.x2 - crop.x1) / CROP_SPACE) * picture.width) / (((crop.y2 - crop.y1) / CROP_SPACE) * picture.height);
  return ratio.toFixed(2) === coverRatio.toFixed(2) ? crop : null;
}
