import { createHash } from 'node:crypto';

/**
 * Pure planning of a slide's derived images: which pixel operations, in which order, at which size.
 * Every derived file is a function of the original plus these parameters, so its name carries
 * editVersion(params) and a changed edit simply asks for a new file.
 */

/** Bump when the same parameters should give different pixels (a new operation, a changed constant). */
export const RECIPE_VERSION = 1;

/** Crop and Ken Burns rectangles live in 0..32000 on each axis of the edited photo (CONVENTIONS). */
export const CROP_SPACE = 32000;
/** The cover versions use the default cover ratio; themes with another ratio are not wired in yet. */
export const COVER_RATIO = 16 / 9;
export const STRAIGHTEN_LIMIT = 45;

export const DERIVED_KINDS = ['thumb', 'square', 'big', 'huge', 'cover_thumb', 'cover_big'] as const;
export type DerivedKind = (typeof DERIVED_KINDS)[number];

export const isDerivedKind = (value: string): value is DerivedKind => (DERIVED_KINDS as readonly string[]).includes(value);

/** Output encoding of every derived image: baseline JPEG (mozjpeg is too slow for upload bursts), sRGB, no metadata. */
export const DERIVED_JPEG = { quality: 85, mozjpeg: false } as const;

const THUMB_HEIGHT = 150;
/** A panorama's thumbnail stays a sane size: at most this wide, shorter than 150 if it must be. */
const THUMB_MAX_WIDTH = 1200;
const SQUARE_SIZE = 150;
const BIG_LONG_EDGE = 1920;
const HUGE_LONG_EDGE = 3840;

/** Enhance: levels stretched to the photo's own range, then a little more colour and a light sharpen. */
const ENHANCE_SATURATION = 1.1;
const ENHANCE_SHARPEN_SIGMA = 0.7;

export interface Crop {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Every slide parameter that changes pixels. redeyes and blemishes are versioned but not painted yet. */
export interface EditParams {
  /** Identity of the original (its sha256, else its storage key): a replaced original is a new version. */
  source: string;
  angle: number;
  crop: Crop | null;
  hue: number;
  brightness: number;
  contrast: number;
  saturation: number;
  straighten: number;
  enhance: boolean;
  redeyes: number[][];
  blemishes: number[][];
}

export type EditOp =
  /** Clockwise degrees: the quarter turns plus the straighten angle, done as one rotation. */
  | { op: 'rotate'; degrees: number }
  | { op: 'extract'; left: number; top: number; width: number; height: number }
  | { op: 'resize'; width: number; height: number }
  | { op: 'modulate'; brightness: number; saturation: number; hue: number }
  /** out = multiplier * in + offset, per channel (contrast around mid grey). */
  | { op: 'linear'; multiplier: number; offset: number }
  | { op: 'normalise' }
  | { op: 'sharpen'; sigma: number };

export interface EditPlan {
  ops: EditOp[];
  width: number;
  height: number;
}

/** The slide columns the recipe reads (a slide row or a wire slide both fit). */
export interface SlideEditFields {
  sha256?: string | null;
  orig_path: string | null;
  is_video: boolean;
  angle: number;
  crop: Crop | null;
  hue: number;
  brightness: number;
  contrast: number;
  saturation: number;
  straighten: number;
  enhance: boolean;
  redeyes: number[][];
  blemishes: number[][];
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const finite = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Quarter turns clockwise, 0..270. */
export function quarterTurns(angle: number): number {
  return ((Math.round(finite(angle, 0) / 90) * 90) % 360 + 360) % 360;
}

/** The spec ignores a straighten angle outside plus or minus 45 degrees. */
export function straightenAngle(straighten: number): number {
  const value = finite(straighten, 0);
  return Math.abs(value) > STRAIGHTEN_LIMIT ? 0 : value;
}

/** A valid crop inside the crop space, or null for the full photo. */
export function normalizedCrop(crop: Crop | null | undefined): Crop | null {
  if (!crop) return null;
  const x1 = clamp(finite(crop.x1, 0), 0, CROP_SPACE);
  const x2 = clamp(finite(crop.x2, CROP_SPACE), 0, CROP_SPACE);
  const y1 = clamp(finite(crop.y1, 0), 0, CROP_SPACE);
  const y2 = clamp(finite(crop.y2, CROP_SPACE), 0, CROP_SPACE);
  if (x2 <= x1 || y2 <= y1) return null;
  if (x1 === 0 && y1 === 0 && x2 === CROP_SPACE && y2 === CROP_SPACE) return null;
  return { x1, x2, y1, y2 };
}

/** Clips only turn: the rest of the photo tools do not apply to them. */
export function editParamsOf(slide: SlideEditFields): EditParams {
  const source = slide.sha256 || slide.orig_path || '';
  if (slide.is_video) {
    return {
      source, angle: slide.angle, crop: null, hue: 0, brightness: 100, contrast: 100, saturation: 100,
      straighten: 0, enhance: false, redeyes: [], blemishes: [],
    };
  }
  return {
    source,
    angle: slide.angle,
    crop: slide.crop,
    hue: slide.hue,
    brightness: slide.brightness,
    contrast: slide.contrast,
    saturation: slide.saturation,
    straighten: slide.straighten,
    enhance: slide.enhance,
    redeyes: slide.redeyes ?? [],
    blemishes: slide.blemishes ?? [],
  };
}

/** Short stable hash of everything that changes pixels; equal edits give the same name, so caches stay valid. */
export function editVersion(params: EditParams): string {
  const canonical = JSON.stringify([
    RECIPE_VERSION,
    params.source,
    quarterTurns(params.angle),
    normalizedCrop(params.crop),
    Math.round(clamp(finite(params.hue, 0), -180, 180)),
    Math.round(clamp(finite(params.brightness, 100), 0, 200)),
    Math.round(clamp(finite(params.contrast, 100), 0, 200)),
    Math.round(clamp(finite(params.saturation, 100), 0, 200)),
    straightenAngle(params.straighten),
    Boolean(params.enhance),
    params.redeyes,
    params.blemishes,
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 12);
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Rotation by the quarter turns and the straighten angle, as one turn, then the largest rectangle of the
 * photo's own shape that has no empty corners, then the user's crop inside it. The canvas is the rotated
 * bounding box, rounded down so the extract never reaches past what the rotation produced.
 */
function geometry(params: EditParams, size: Size): { degrees: number; canvas: Size; window: Rect } {
  const turns = quarterTurns(params.angle);
  const w = turns % 180 ? size.height : size.width;
  const h = turns % 180 ? size.width : size.height;
  const tilt = straightenAngle(params.straighten);
  let canvas: Size = { width: w, height: h };
  let window: Rect = { left: 0, top: 0, width: w, height: h };
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
  const crop = normalizedCrop(params.crop);
  if (crop) {
    window = {
      left: window.left + (crop.x1 / CROP_SPACE) * window.width,
      top: window.top + (crop.y1 / CROP_SPACE) * window.height,
      width: ((crop.x2 - crop.x1) / CROP_SPACE) * window.width,
      height: ((crop.y2 - crop.y1) / CROP_SPACE) * window.height,
    };
  }
  return { degrees: turns + tilt, canvas, window };
}

/** The centred part of a rectangle with the given width:height ratio. */
function centredToRatio(rect: Rect, ratio: number): Rect {
  if (rect.width / rect.height > ratio) {
    const width = rect.height * ratio;
    return { ...rect, left: rect.left + (rect.width - width) / 2, width };
  }
  const height = rect.width / ratio;
  return { ...rect, top: rect.top + (rect.height - height) / 2, height };
}

function toPixels(rect: Rect, canvas: Size): Rect {
  const width = clamp(Math.round(rect.width), 1, canvas.width);
  const height = clamp(Math.round(rect.height), 1, canvas.height);
  const left = clamp(Math.round(rect.left), 0, canvas.width - width);
  const top = clamp(Math.round(rect.top), 0, canvas.height - height);
  return { left, top, width, height };
}

function longEdgeAtMost(size: Size, longEdge: number): Size {
  const scale = Math.min(1, longEdge / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

function outputSize(kind: DerivedKind, size: Size): Size {
  switch (kind) {
    case 'thumb':
    case 'cover_thumb': {
      const width = Math.round((THUMB_HEIGHT * size.width) / size.height);
      if (width <= THUMB_MAX_WIDTH) return { width: Math.max(1, width), height: THUMB_HEIGHT };
      return { width: THUMB_MAX_WIDTH, height: Math.max(1, Math.round((THUMB_MAX_WIDTH * size.height) / size.width)) };
    }
    case 'square':
      return { width: SQUARE_SIZE, height: SQUARE_SIZE };
    case 'big':
    case 'cover_big':
      return longEdgeAtMost(size, BIG_LONG_EDGE);
    case 'huge':
      return longEdgeAtMost(size, HUGE_LONG_EDGE);
  }
}

function aspectFor(kind: DerivedKind | 'full'): number | null {
  if (kind === 'square') return 1;
  if (kind === 'cover_thumb' || kind === 'cover_big') return COVER_RATIO;
  return null;
}

/** Colour edits (brightness, saturation, hue, then contrast), then enhance. */
function colourOps(params: EditParams): EditOp[] {
  const ops: EditOp[] = [];
  const brightness = clamp(finite(params.brightness, 100), 0, 200);
  const saturation = clamp(finite(params.saturation, 100), 0, 200);
  const contrast = clamp(finite(params.contrast, 100), 0, 200);
  const hue = Math.round(clamp(finite(params.hue, 0), -180, 180));
  if (brightness !== 100 || saturation !== 100 || hue !== 0) {
    ops.push({ op: 'modulate', brightness: brightness / 100, saturation: saturation / 100, hue });
  }
  if (contrast !== 100) {
    const multiplier = contrast / 100;
    ops.push({ op: 'linear', multiplier, offset: 128 * (1 - multiplier) });
  }
  if (params.enhance) {
    ops.push(
      { op: 'normalise' },
      { op: 'modulate', brightness: 1, saturation: ENHANCE_SATURATION, hue: 0 },
      { op: 'sharpen', sigma: ENHANCE_SHARPEN_SIGMA },
    );
  }
  return ops;
}

/**
 * The operations that make one derived image from the photo. `size` is the photo's size after EXIF
 * orientation, which the repository applies before anything here. Geometry comes first (rotation, straighten,
 * crop, the kind's own framing, the resize); colour and enhance follow at output size, where per-pixel
 * edits give the same result for far less work.
 */
export function planDerived(params: EditParams, size: Size, kind: DerivedKind | 'full'): EditPlan {
  const { degrees, canvas, window } = geometry(params, size);
  const aspect = aspectFor(kind);
  const rect = toPixels(aspect ? centredToRatio(window, aspect) : window, canvas);
  const ops: EditOp[] = [];
  const whole = rect.left === 0 && rect.top === 0 && rect.width === canvas.width && rect.height === canvas.height;
  if (degrees !== 0) ops.push({ op: 'rotate', degrees });
  if (degrees !== 0 || !whole) ops.push({ op: 'extract', ...rect });
  const out = kind === 'full' ? { width: rect.width, height: rect.height } : outputSize(kind, rect);
  if (out.width !== rect.width || out.height !== rect.height) ops.push({ op: 'resize', ...out });
  ops.push(...colourOps(params));
  return { ops, width: out.width, height: out.height };
}

/** The full-size edited photo: EXIF orientation, rotation, straighten, crop, colour, enhance. */
export function planEdits(params: EditParams, size: Size): EditPlan {
  return planDerived(params, size, 'full');
}
