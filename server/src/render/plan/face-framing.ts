import type { Motion, Rect } from './types.ts';

/**
 * Face-aware framing: the automatic Ken Burns move keeps every detected face whole from its first frame to its
 * last and ends on the faces. The move is straight lines between two rectangles, so a face box inside both ends
 * is inside every frame between them (each edge moves linearly and the box is convex). A custom zoom never comes
 * here: the family's own rectangles always win (motion.ts).
 */

/** Room kept around the faces, as a share of their box: a face touching the frame's edge looks cut. */
const FACE_PADDING = 0.15;
/** A pan that the faces shorten below this share of its travel becomes a zoom onto them. */
const MIN_PAN_TRAVEL = 0.5;
const EPS = 1e-9;

const FULL: Rect = { x: 0, y: 0, w: 1, h: 1 };

/** A face box, scene units, within the scene; null when nothing of it is in the scene. */
function inScene(box: Rect): Rect | null {
  const x1 = Math.max(0, box.x);
  const y1 = Math.max(0, box.y);
  const x2 = Math.min(1, box.x + box.w);
  const y2 = Math.min(1, box.y + box.h);
  return [x1, y1, x2, y2].every(Number.isFinite) && x2 > x1 && y2 > y1 ? { x: x1, y: y1, w: x2 - x1, h: y2 - y1 } : null;
}

/** The smallest rectangle holding every box. */
export function unionOf(boxes: Rect[]): Rect {
  const x1 = Math.min(...boxes.map((b) => b.x));
  const y1 = Math.min(...boxes.map((b) => b.y));
  const x2 = Math.max(...boxes.map((b) => b.x + b.w));
  const y2 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

const pad = (r: Rect, share: number): Rect =>
  inScene({ x: r.x - r.w * share, y: r.y - r.h * share, w: r.w * (1 + 2 * share), h: r.h * (1 + 2 * share) }) ?? r;

/** True when `outer` holds `inner` whole. */
export function holds(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x - EPS && inner.y >= outer.y - EPS && inner.x + inner.w <= outer.x + outer.w + EPS && inner.y + inner.h <= outer.y + outer.h + EPS;
}

/** A frame-shaped rectangle of size `s` centred as near (cx, cy) as the scene allows. */
function centredOn(cx: number, cy: number, s: number): Rect {
  const size = Math.min(1, s);
  return { x: Math.min(1 - size, Math.max(0, cx - size / 2)), y: Math.min(1 - size, Math.max(0, cy - size / 2)), w: size, h: size };
}

/** A position along one axis for a window of `size` that holds [lo, hi] and stays in the scene, nearest `wanted`. */
const clampAxis = (wanted: number, size: number, lo: number, hi: number): number =>
  Math.min(Math.min(1 - size, lo), Math.max(Math.max(0, hi - size), wanted));

/** The faces as the plan keeps them: inside the scene, empty boxes dropped. */
export function facesInScene(faces: Rect[]): Rect[] {
  return faces.map(inScene).filter((b): b is Rect => b !== null);
}

/**
 * The automatic move `base` (motion.ts: a zoom between the whole scene and a frame-shaped window, or a pan of a
 * window across the scene) re-aimed at the faces (scene units). The window ends centred on the faces as near as
 * the scene's edges allow, grown when the faces need more room than the gentle zoom leaves; a zoom out becomes a
 * zoom in, so the move ends on the faces; a pan starts from the other side by as much of its travel as keeps the
 * faces whole, and becomes a zoom in when that is less than half. No faces: `base` unchanged.
 */
export function framedMotion(base: Motion, faces: Rect[]): Motion {
  const boxes = facesInScene(faces);
  if (!boxes.length) return base;
  const tight = unionOf(boxes);
  const windowSize = Math.min(base.from.w, base.to.w);
  // Padding is kept when it fits at the gentle zoom; otherwise the faces alone decide the window.
  const padded = pad(tight, FACE_PADDING);
  const target = Math.max(padded.w, padded.h) <= windowSize ? padded : tight;
  const size = Math.max(windowSize, target.w, target.h);
  if (size >= 1 - EPS) return { from: FULL, to: FULL };
  const end = centredOn(target.x + target.w / 2, target.y + target.h / 2, size);
  const isPan = Math.abs(base.from.w - base.to.w) < EPS && base.from.w < 1 - EPS;
  if (!isPan) return { from: FULL, to: end };
  const dx = base.to.x - base.from.x;
  const dy = base.to.y - base.from.y;
  const start: Rect = {
    x: clampAxis(end.x - dx, size, tight.x, tight.x + tight.w),
    y: clampAxis(end.y - dy, size, tight.y, tight.y + tight.h),
    w: size,
    h: size,
  };
  const travel = Math.hypot(end.x - start.x, end.y - start.y);
  if (travel < MIN_PAN_TRAVEL * Math.hypot(dx, dy)) return { from: FULL, to: end };
  return { from: start, to: end };
}

/** Face boxes given as fractions of the edited photo, in scene units for a photo placed at `placement`. */
export function facesToScene(faces: Rect[], placement: Rect): Rect[] {
  return faces.map((f) => ({ x: placement.x + f.x * placement.w, y: placement.y + f.y * placement.h, w: f.w * placement.w, h: f.h * placement.h }));
}
