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

/** Spec 2 "Ken Burns coordinate output": the video frame the readout is given for (CONVENTIONS: 1280x720, centre 640,360). */
export const READOUT_FRAME = { width: 1280, height: 720 } as const;

/**
 * The seven values shown under a frame: the rectangle's corners in crop space (x1, y1, x2, y2, integers), then
 * where the photo's centre lands in the 1280x720 frame when that rectangle fills it (horizontal, vertical) and the
 * zoom against the whole picture in the frame (scale 1), each with 4 decimals. The whole frame gives 640, 360, 1.
 */
export function kenBurnsReadout(rect: Rect, picture: Bounds): string[] {
  const width = rect.x2 - rect.x1;
  const height = rect.y2 - rect.y1;
  const horizontal = ((CROP_SPACE / 2 - rect.x1) / width) * READOUT_FRAME.width;
  const vertical = ((CROP_SPACE / 2 - rect.y1) / height) * READOUT_FRAME.height;
  const whole = wholeFrame(picture);
  const scale = (whole.x2 - whole.x1) / width;
  return [...[rect.x1, rect.y1, rect.x2, rect.y2].map((n) => String(Math.round(n))), ...[horizontal, vertical, scale].map((n) => n.toFixed(4))];
}
