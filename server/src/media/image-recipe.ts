import { createHash } from 'node:crypto';
import { cropOf, originalToCanvas, photoGeometry, quarterTurnsOf, straightenOf, type PhotoGeometry } from '../../../common/photo-geometry.ts';
import { coverWindow } from './cover-crop.ts';
import type { PhotoFace } from './face-geometry.ts';

/**
 * Pure planning of a slide's derived images: which pixel operations, in which order, at which size.
 * Every derived file is a function of the original plus these parameters, so its name carries
 * editVersion(params) and a changed edit simply asks for a new file.
 */

/** Bump when the same parameters should give different pixels (a new operation, a changed constant). */
export const RECIPE_VERSION = 1;
/** Bump when red-eye or blemish painting changes: names only photos that have marks. */
const REPAIRS_VERSION = 'repairs-1';

/** Crop and Ken Burns rectangles live in 0..32000 on each axis of the edited photo (CONVENTIONS). */
export const CROP_SPACE = 32000;
/** The cover versions use the default cover ratio; themes with another ratio are not wired in yet. */
export const COVER_RATIO = 16 / 9;
export const STRAIGHTEN_LIMIT = 45;

export const DERIVED_KINDS = ['thumb', 'square', 'big', 'huge', 'cover_thumb', 'cover_big'] as const;
export type DerivedKind = (typeof DERIVED_KINDS)[number];

export const isDerivedKind = (value: string): value is DerivedKind => (DERIVED_KINDS as readonly string[]).includes(value);

/**
 * The slide editor's tool images (spec 2: big_sans_{tool}_url): the big image with every edit except the tool's
 * own, so the tool can draw its effect live over the rest. The crop and straighten tools see the whole photo
 * (a crop frames the straightened photo, so it goes with either); big_blemish_blur is big_sans_blemishes
 * smoothed as the concealer smooths, which the blemish brush shows through its circle.
 */
export const TOOL_KINDS = [
  'big_sans_crop', 'big_sans_straighten', 'big_sans_color', 'big_sans_redeyes', 'big_sans_blemishes', 'big_blemish_blur',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];
export type ImageKind = DerivedKind | ToolKind;

export const isToolKind = (value: string): value is ToolKind => (TOOL_KINDS as readonly string[]).includes(value);
export const isImageKind = (value: string): value is ImageKind => isDerivedKind(value) || isToolKind(value);

/** The blur of big_blemish_blur, in pixels of the big image: the concealer's at the default brush of 10 on a photo of 1920. */
export const BLEMISH_PREVIEW_SIGMA = 3;

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

/** Every slide parameter that changes pixels. */
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
  /**
   * Faces on the edited photo (fractions) the cover images keep inside their crop (cover-crop.ts). Not part of
   * editVersion: the slide media service names a face-aware cover by its faces too.
   */
  coverFaces?: PhotoFace[];
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
  | { op: 'sharpen'; sigma: number }
  | { op: 'blur'; sigma: number }
  /** Painted on raw pixels (media/pixel-repairs.ts); marks in the output image's pixels. */
  | { op: 'redeye'; marks: [number, number, number][] }
  | { op: 'blemish'; strokes: [number, number, number][] };

/** Operations sharp cannot do, which the repository paints on the raw pixels between two sharp passes. */
export const RAW_OPS: ReadonlySet<EditOp['op']> = new Set(['redeye', 'blemish']);

/**
 * The one order every derived image is made in (EXIF orientation comes before, in the repository). Geometry first,
 * at the photo's own resolution; then the retouching at output size, on the colours the user saw when marking (a
 * red pupil is found before a hue shift moves it); then the colour sliders; then enhance; last, a tool image's own
 * preview blur. planDerived walks this list; a test holds it.
 */
export const PIPELINE = ['rotate', 'extract', 'resize', 'redeye', 'blemish', 'colour', 'contrast', 'enhance', 'preview_blur'] as const;
export type PipelineStep = (typeof PIPELINE)[number];

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
  return quarterTurnsOf(angle);
}

/** The spec ignores a straighten angle outside plus or minus 45 degrees. */
export function straightenAngle(straighten: number): number {
  return straightenOf(straighten);
}

/** A valid crop inside the crop space, or null for the full photo. */
export function normalizedCrop(crop: Crop | null | undefined): Crop | null {
  return cropOf(crop);
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
    // Painted since recipe 1 shipped: only a photo with marks gets a new name (the rest keep their cached files).
    ...(params.redeyes.length || params.blemishes.length ? [REPAIRS_VERSION] : []),
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
 * photo's own shape that has no empty corners, then the user's crop inside it (common/photo-geometry.ts, which the
 * editor uses too). The canvas is the rotated bounding box, rounded down so the extract never reaches past what
 * the rotation produced.
 */
function geometry(params: EditParams, size: Size): PhotoGeometry {
  return photoGeometry({ angle: params.angle, straighten: params.straighten, crop: params.crop }, size);
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

/** The retouching marks ([x, y, radius] in original pixels) as they land on the output image, or none off it. */
function marksOnOutput(marks: number[][], g: PhotoGeometry, rect: Rect, out: Size): [number, number, number][] {
  const sx = out.width / rect.width;
  const sy = out.height / rect.height;
  const placed: [number, number, number][] = [];
  for (const mark of marks) {
    const [x, y, r] = mark.map(Number);
    if (![x, y, r].every(Number.isFinite) || r <= 0) continue;
    const p = originalToCanvas(g, x, y);
    const ox = (p.x - rect.left) * sx;
    const oy = (p.y - rect.top) * sy;
    const or = (r * (sx + sy)) / 2;
    if (ox + or < 0 || oy + or < 0 || ox - or > out.width || oy - or > out.height) continue;
    placed.push([ox, oy, or]);
  }
  return placed;
}

/** The parameters a kind of image is made from: a tool image leaves out its tool's edits (see TOOL_KINDS). */
export function recipeParams(params: EditParams, kind: ImageKind | 'full'): EditParams {
  switch (kind) {
    case 'big_sans_crop':
    case 'big_sans_straighten':
      return { ...params, crop: null, straighten: 0 };
    case 'big_sans_color':
      return { ...params, hue: 0, brightness: 100, contrast: 100, saturation: 100 };
    case 'big_sans_redeyes':
      return { ...params, redeyes: [] };
    case 'big_sans_blemishes':
    case 'big_blemish_blur':
      return { ...params, blemishes: [] };
    default:
      return params;
  }
}

/** The size and framing a kind follows: tool images are big images. */
const baseKind = (kind: ImageKind | 'full'): DerivedKind | 'full' => (isToolKind(kind) ? 'big' : kind);

/**
 * The operations that make one image of a kind from the photo. `size` is the photo's size after EXIF orientation,
 * which the repository applies before anything here. The steps follow PIPELINE: geometry at the photo's own
 * resolution, then everything per pixel at output size, where it gives the same result for far less work.
 */
export function planDerived(edits: EditParams, size: Size, kind: ImageKind | 'full'): EditPlan {
  const params = recipeParams(edits, kind);
  const base = baseKind(kind);
  const g = geometry(params, size);
  const { degrees, canvas, window } = g;
  const aspect = aspectFor(base);
  const cover = base === 'cover_thumb' || base === 'cover_big';
  const shaped = aspect ? (cover && params.coverFaces?.length ? coverWindow(window, aspect, params.coverFaces) : centredToRatio(window, aspect)) : window;
  const rect = toPixels(shaped, canvas);
  const whole = rect.left === 0 && rect.top === 0 && rect.width === canvas.width && rect.height === canvas.height;
  const out = base === 'full' ? { width: rect.width, height: rect.height } : outputSize(base, rect);
  const brightness = clamp(finite(params.brightness, 100), 0, 200);
  const saturation = clamp(finite(params.saturation, 100), 0, 200);
  const contrast = clamp(finite(params.contrast, 100), 0, 200);
  const hue = Math.round(clamp(finite(params.hue, 0), -180, 180));
  const steps: Record<PipelineStep, () => EditOp[]> = {
    rotate: () => (degrees !== 0 ? [{ op: 'rotate', degrees }] : []),
    extract: () => (degrees !== 0 || !whole ? [{ op: 'extract', ...rect }] : []),
    resize: () => (out.width !== rect.width || out.height !== rect.height ? [{ op: 'resize', ...out }] : []),
    redeye: () => {
      const marks = marksOnOutput(params.redeyes ?? [], g, rect, out);
      return marks.length ? [{ op: 'redeye', marks }] : [];
    },
    blemish: () => {
      const strokes = marksOnOutput(params.blemishes ?? [], g, rect, out);
      return strokes.length ? [{ op: 'blemish', strokes }] : [];
    },
    colour: () =>
      brightness !== 100 || saturation !== 100 || hue !== 0
        ? [{ op: 'modulate', brightness: brightness / 100, saturation: saturation / 100, hue }]
        : [],
    // Contrast around mid grey: out = m * in + 128 * (1 - m).
    contrast: () => (contrast !== 100 ? [{ op: 'linear', multiplier: contrast / 100, offset: 128 * (1 - contrast / 100) }] : []),
    enhance: () =>
      params.enhance
        ? [
            { op: 'normalise' },
            { op: 'modulate', brightness: 1, saturation: ENHANCE_SATURATION, hue: 0 },
            { op: 'sharpen', sigma: ENHANCE_SHARPEN_SIGMA },
          ]
        : [],
    preview_blur: () => (kind === 'big_blemish_blur' ? [{ op: 'blur', sigma: BLEMISH_PREVIEW_SIGMA }] : []),
  };
  return { ops: PIPELINE.flatMap((step) => steps[step]()), width: out.width, height: out.height };
}

/** The full-size edited photo: EXIF orientation, rotation, straighten, crop, colour, enhance. */
export function planEdits(params: EditParams, size: Size): EditPlan {
  return planDerived(params, size, 'full');
}
