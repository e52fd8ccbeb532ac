import { framedMotion } from './face-framing.ts';
import { BORDER, EFFECT, slideHash } from './look.ts';
import { FPS, type CropRect, type Motion, type Rect } from './types.ts';

/** The frame's shape; scene units make a frame-shaped rectangle square (w === h). */
export const FRAME_ASPECT = 16 / 9;
const CROP_SPACE = 32000;

/** How much the automatic Ken Burns zooms: gentle enough never to feel like a zoom effect. */
export const GENTLE_ZOOM = 1.1;
/** The named Zoom In / Zoom Out / Pan effects move a little more. */
export const EFFECT_ZOOM = 1.2;
/** Frames a photo on a border leave free around it, in frame heights. */
const BORDER_MARGIN: Record<number, number> = {
  [BORDER.thinWhite]: 0.06,
  [BORDER.wideWhite]: 0.08,
  [BORDER.rounded]: 0.06,
  [BORDER.shadow]: 0.07,
  [BORDER.photoFrame]: 0.1,
};

export const FULL: Rect = { x: 0, y: 0, w: 1, h: 1 };

/** Where the photo sits in the scene: as large as fits (inside the border's margin), centred. */
export function photoPlacement(aspect: number, borderId: number): Rect {
  const marginY = BORDER_MARGIN[borderId] ?? 0;
  const marginX = marginY / FRAME_ASPECT;
  const boxW = 1 - 2 * marginX;
  const boxH = 1 - 2 * marginY;
  // In scene units a photo of `aspect` has w / h = aspect / FRAME_ASPECT.
  const shape = (aspect > 0 && Number.isFinite(aspect) ? aspect : FRAME_ASPECT) / FRAME_ASPECT;
  const w = Math.min(boxW, boxH * shape);
  const h = w / shape;
  return { x: (1 - w) / 2, y: (1 - h) / 2, w, h };
}

/** The frame-shaped rectangle of scale `s` (1 = the whole scene) centred on cx, cy, kept inside the scene. */
export function frameRect(cx: number, cy: number, s: number): Rect {
  const size = Math.min(1, Math.max(0.02, s));
  const x = Math.min(1 - size, Math.max(0, cx - size / 2));
  const y = Math.min(1 - size, Math.max(0, cy - size / 2));
  return { x, y, w: size, h: size };
}

/** A custom zoom rectangle (crop space of the edited photo) in scene units, with the frame's shape. */
export function cropToScene(crop: CropRect, placement: Rect): Rect {
  const x1 = placement.x + (crop.x1 / CROP_SPACE) * placement.w;
  const x2 = placement.x + (crop.x2 / CROP_SPACE) * placement.w;
  const y1 = placement.y + (crop.y1 / CROP_SPACE) * placement.h;
  const y2 = placement.y + (crop.y2 / CROP_SPACE) * placement.h;
  // The editor keeps the frame's shape; rounding in crop space is evened out around the centre.
  return frameRect((x1 + x2) / 2, (y1 + y2) / 2, Math.sqrt(Math.max(0, x2 - x1) * Math.max(0, y2 - y1)));
}

const validCrop = (c: CropRect | undefined): c is CropRect =>
  !!c && [c.x1, c.x2, c.y1, c.y2].every(Number.isFinite) && c.x2 > c.x1 && c.y2 > c.y1;

const zoomIn = (cx: number, cy: number, amount: number): Motion => ({ from: FULL, to: frameRect(cx, cy, 1 / amount) });
const zoomOut = (cx: number, cy: number, amount: number): Motion => ({ from: frameRect(cx, cy, 1 / amount), to: FULL });

function pan(effectId: number, amount: number): Motion {
  const s = 1 / amount;
  const far = 1 - s;
  const mid = far / 2;
  const at = (x: number, y: number): Rect => ({ x, y, w: s, h: s });
  // 'Pan Left' moves the view to the left: it starts at the right edge.
  if (effectId === EFFECT.panLeft) return { from: at(far, mid), to: at(0, mid) };
  if (effectId === EFFECT.panRight) return { from: at(0, mid), to: at(far, mid) };
  if (effectId === EFFECT.panUp) return { from: at(mid, far), to: at(mid, 0) };
  return { from: at(mid, 0), to: at(mid, far) };
}

const isPan = (id: number): boolean => id === EFFECT.panLeft || id === EFFECT.panRight || id === EFFECT.panUp || id === EFFECT.panDown;

export interface MotionRequest {
  slideId: number;
  effectId: number;
  /** True when the effect was picked by Automatic: gentler, and chosen to suit the photo. */
  automatic: boolean;
  placement: Rect;
  kenburns: [CropRect, CropRect] | null;
  /** Detected faces, scene units: an automatic move keeps them whole and ends on them (face-framing.ts). */
  faces?: Rect[];
}

/**
 * The Ken Burns move of a photo over its visible time, or null for a still picture. Every rectangle stays inside
 * the scene, so the frame never shows past its edge; an automatic pan over a photo that does not fill the frame
 * that way becomes a zoom, which keeps the photo whole on screen. An automatic move over a photo with detected
 * faces is re-aimed so they stay whole and it ends on them (face-framing.ts); a custom zoom is the family's own.
 */
export function motionFor(request: MotionRequest): Motion | null {
  const base = plainMotion(request);
  return base && request.automatic && request.effectId !== EFFECT.custom && request.faces?.length ? framedMotion(base, request.faces) : base;
}

function plainMotion(request: MotionRequest): Motion | null {
  const { effectId, automatic, placement, slideId } = request;
  const amount = automatic ? GENTLE_ZOOM : EFFECT_ZOOM;
  if (effectId === EFFECT.custom) {
    const [start, end] = request.kenburns ?? [];
    if (validCrop(start) && validCrop(end)) return { from: cropToScene(start, placement), to: cropToScene(end, placement) };
    return null;
  }
  if (effectId === EFFECT.none || !Number.isFinite(effectId)) return null;
  const cx = placement.x + placement.w / 2;
  const cy = placement.y + placement.h / 2;
  if (isPan(effectId)) {
    const horizontal = effectId === EFFECT.panLeft || effectId === EFFECT.panRight;
    const fills = horizontal ? placement.w >= 0.999 : placement.h >= 0.999;
    if (fills || !automatic) return pan(effectId, amount);
    return slideHash(slideId, 7) % 2 ? zoomIn(cx, cy, amount) : zoomOut(cx, cy, amount);
  }
  if (effectId === EFFECT.zoomOut) return zoomOut(cx, cy, amount);
  if (effectId === EFFECT.zoomIn) return zoomIn(cx, cy, amount);
  return null;
}

const MOVES: ReadonlySet<number> = new Set([EFFECT.zoomIn, EFFECT.zoomOut, EFFECT.panLeft, EFFECT.panRight, EFFECT.panUp, EFFECT.panDown]);

/** The effects that move a whole picture: not None, and not a custom zoom (only a photo has one). */
export const movesBackground = (effectId: number): boolean => MOVES.has(effectId);

/**
 * The move of the background behind words that stand still (a text slide): the gentle Ken Burns of its effect
 * when that moves, else a slow zoom. It always moves, so a text slide never looks like a stalled video.
 */
export function backgroundMotion(slideId: number, effectId: number): Motion {
  const moving = motionFor({ slideId, effectId, automatic: true, placement: FULL, kenburns: null });
  return moving && MOVES.has(effectId) ? moving : zoomIn(0.5, 0.5, GENTLE_ZOOM);
}

/** Words fade in over a second. */
export const TEXT_FADE_FRAMES = FPS;

/**
 * When still words (a text slide's, the intro's and outro's titles) appear: they fade in once the visual's
 * incoming transition (its first `lead` frames) is over, and are whole by the middle of its own time at the
 * latest, so they are never faint at its end. Null: no words, or no time to fade them.
 */
export function textFade(lineCount: number, span: number, lead: number): { start: number; frames: number } | null {
  const frames = Math.min(TEXT_FADE_FRAMES, Math.floor((span - lead) / 2));
  return lineCount > 0 && frames > 0 ? { start: lead, frames } : null;
}

/** The rectangle shown at `frame` of a move lasting `span` frames: straight lines, so the motion is even. */
export function rectAt(motion: Motion | null, frame: number, span: number): Rect {
  if (!motion) return FULL;
  const p = span > 1 ? Math.min(1, Math.max(0, frame / (span - 1))) : 0;
  const lerp = (a: number, b: number) => a + (b - a) * p;
  return { x: lerp(motion.from.x, motion.to.x), y: lerp(motion.from.y, motion.to.y), w: lerp(motion.from.w, motion.to.w), h: lerp(motion.from.h, motion.to.h) };
}

/** The smallest part of the scene that holds every rectangle of the move, grown to the frame's shape. */
export function motionBounds(motion: Motion): Rect {
  const x1 = Math.min(motion.from.x, motion.to.x);
  const y1 = Math.min(motion.from.y, motion.to.y);
  const x2 = Math.max(motion.from.x + motion.from.w, motion.to.x + motion.to.w);
  const y2 = Math.max(motion.from.y + motion.from.h, motion.to.y + motion.to.h);
  return frameRect((x1 + x2) / 2, (y1 + y2) / 2, Math.max(x2 - x1, y2 - y1));
}
