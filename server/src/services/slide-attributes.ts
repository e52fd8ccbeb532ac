import { AppError } from '../http/errors.ts';
import type { SlideRow } from '../repositories/slide.repository.ts';
import { TEXT_SIZE_MAX, TEXT_SIZE_MIN } from '../../../common/text-size.ts';

/** Fonts offered for captions and text slides (files from Debian's font packages). */
export const CAPTION_FONT = 'Gentium-Basic-Italic.ttf';
export const TEXT_SLIDE_FONT = 'Quicksand-Bold.ttf';
export const FONTS = [CAPTION_FONT, TEXT_SLIDE_FONT, 'Gentium-Basic-Regular.ttf', 'Gentium-Basic-Bold.ttf', 'Quicksand-Regular.ttf', 'Quicksand-Medium.ttf'];

type Body = Record<string, unknown>;
type Attrs = Partial<SlideRow>;

const bad = (message: string): never => {
  throw new AppError(400, message);
};

function num(body: Body, key: string, min: number, max: number, label: string): number | undefined {
  if (!(key in body) || body[key] === '' || body[key] === null) return undefined;
  const n = Number(body[key]);
  if (!Number.isFinite(n) || n < min || n > max) bad(`${label} must be a number from ${min} to ${max}.`);
  return n;
}

function bool(body: Body, key: string): boolean | undefined {
  if (!(key in body)) return undefined;
  const v = body[key];
  return v === true || v === 'true' || v === '1' || v === 1;
}

/** redeyes and blemishes come as JSON text (spec 2 section 7) or as arrays: lists of [x, y, radius]. */
function triples(body: Body, key: string): [number, number, number][] | undefined {
  if (!(key in body)) return undefined;
  let value = body[key];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value || '[]');
    } catch {
      bad(`${key} is not valid.`);
    }
  }
  if (!Array.isArray(value) || value.length > 500) return bad(`${key} is not valid.`);
  return value.map((t) => {
    // [x, y, radius] in pixels of the original photo (common/photo-geometry.ts); a mark needs a radius.
    if (!Array.isArray(t) || t.length !== 3 || !t.every((n) => Number.isFinite(Number(n)) && Number(n) >= 0) || !(Number(t[2]) > 0)) bad(`${key} is not valid.`);
    return [Number(t[0]), Number(t[1]), Number(t[2])] as [number, number, number];
  });
}

const PIXEL_KEYS = ['straighten', 'redeyes', 'blemishes', 'hue', 'brightness', 'contrast', 'saturation', 'enhance'] as const;

/** Parses the attributes POST /slides/save may change; anything else in the body is ignored. */
export function parseSlideAttributes(body: Body, slide: Pick<SlideRow, 'is_text' | 'is_video' | 'clip_duration'> | null): Attrs {
  const a: Attrs = {};
  if ('slide_caption' in body) {
    const text = String(body.slide_caption ?? '');
    if (text.length > 2000) bad('The text is too long (2000 characters at most).');
    a.slide_caption = text;
  }
  a.font_size = num(body, 'font_size', TEXT_SIZE_MIN, TEXT_SIZE_MAX, 'Text Size');
  if ('font' in body) {
    const font = String(body.font ?? '');
    if (!FONTS.includes(font)) bad('That font is not available.');
    a.font = font;
  }
  if ('slide_background' in body) a.slide_background = num(body, 'slide_background', 1, 50, 'Text Background') ?? null;
  if ('caption_position' in body) {
    const p = String(body.caption_position);
    if (p !== '1' && p !== '2') bad('Position must be Top or Bottom.');
    a.caption_position = p as '1' | '2';
  }
  a.caption_remove_backdrop = bool(body, 'caption_remove_backdrop');
  a.clip_volume = num(body, 'clip_volume', 0, 200, 'Clip volume');
  a.duck_volume = num(body, 'duck_volume', 0, 200, 'Music volume');
  const duration = slide?.clip_duration ?? Number.MAX_SAFE_INTEGER;
  a.clip_start = num(body, 'clip_start', 0, duration, 'Start');
  a.clip_end = num(body, 'clip_end', 0, duration, 'End');
  if (a.clip_start !== undefined && a.clip_end !== undefined && a.clip_end <= a.clip_start) bad('The end must be after the start.');
  if ('slide_time' in body) {
    const t = body.slide_time === '' || body.slide_time === null ? null : Number(body.slide_time);
    if (t !== null && (!Number.isFinite(t) || t <= 0 || t > 600)) bad('Invalid input. Enter the number of seconds per slide.');
    a.slide_time = t;
    if (!('user_set_slide_time' in body)) a.user_set_slide_time = t !== null;
  }
  if ('user_set_slide_time' in body) a.user_set_slide_time = bool(body, 'user_set_slide_time');
  const straighten = num(body, 'straighten', -180, 180, 'Straighten');
  // Spec 2: an angle outside plus or minus 45 is ignored.
  if (straighten !== undefined && Math.abs(straighten) <= 45) a.straighten = straighten;
  a.redeyes = triples(body, 'redeyes');
  a.blemishes = triples(body, 'blemishes');
  a.hue = num(body, 'hue', -180, 180, 'Hue');
  a.brightness = num(body, 'brightness', 0, 200, 'Brightness');
  a.contrast = num(body, 'contrast', 0, 200, 'Contrast');
  a.saturation = num(body, 'saturation', 0, 200, 'Saturation');
  a.enhance = bool(body, 'enhance');
  for (const type of ['effect', 'overlay', 'border', 'transition'] as const) {
    const id = num(body, `${type}_id`, 0, 10_000, `${type} id`);
    if (id !== undefined) {
      a[`${type}_id`] = id;
      a[`user_set_${type}`] = id !== 0;
    }
  }
  for (const key of Object.keys(a) as (keyof Attrs)[]) if (a[key] === undefined) delete a[key];
  if (slide && (slide.is_text || slide.is_video)) {
    for (const key of PIXEL_KEYS) delete a[key];
  }
  if (PIXEL_KEYS.some((k) => k in a && k !== 'enhance')) a.has_been_edited = true;
  return a;
}
