import { CROP_SPACE, type Bounds, type Rect } from './crop-geometry.ts';

/** Spec 2: effect id 5 is a custom zoom; both frames keep the video frame's shape (CONVENTIONS: 16:9). */
export const CUSTOM_ZOOM_EFFECT = 5;
export const FRAME_ASPECT = 16 / 9;
/** Spec 2 section 9: the two frames stack at window widths of 600 or less, 20 apart. */
export const STACK_BELOW = 600;
export const FRAME_SPACER = 20;

/** The largest centred rectangle of the frame's shape on a picture, in crop space. */
export function wholeFrame(picture: Bounds, aspect = FRAME_ASPECT): Rect {
  const pictureAspect = picture.width / picture.height;
  if (pictureAspect > aspect) {
    const w = (aspect / pictureAspect) * CROP_SPACE;
    const x1 = Math.round((CROP_SPACE - w) / 2);
    return { x1, x2: CROP_SPACE - x1, y1: 0, y2: CROP_SPACE };
  }
  const h = (pictureAspect / aspect) * CROP_SPACE;
  const y1 = Math.round((CROP_SPACE - h) / 2);
  return { x1: 0, x2: CROP_SPACE, y1, y2: CROP_SPACE - y1 };
}

export type KenBurnsSave = { kind: 'save'; coords: [Rect, Rect] } | { kind: 'clear' } | { kind: 'none' };

/**
 * What leaving the tool sends (spec 2 section 4 "Custom zoom"): saved when either rectangle is set (the other one
 * is the whole picture); removed when the user cleared both after a change; nothing when nothing changed.
 */
export function kenBurnsSave(start: Rect | null, end: Rect | null, changed: boolean, hadZoom: boolean, picture: Bounds): KenBurnsSave {
  if (!changed) return { kind: 'none' };
  if (start || end) return { kind: 'save', coords: [start ?? wholeFrame(picture), end ?? wholeFrame(picture)] };
  return hadZoom ? { kind: 'clear' } : { kind: 'none' };
}
