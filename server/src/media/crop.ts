import type { WireCrop } from '../wire/slide.ts';

/** The crop space of CONVENTIONS.md: 0..32000 on each axis of the edited photo. */
export const CROP_MAX = 32000;

/**
 * Where a crop rectangle lands after the photo turns by `quarterTurns` x 90 degrees clockwise,
 * so a crop made before a rotation still frames the same part of the picture.
 */
export function rotateCrop(crop: WireCrop, quarterTurns: number): WireCrop {
  let c = crop;
  const turns = ((quarterTurns % 4) + 4) % 4;
  for (let i = 0; i < turns; i++) {
    c = { x1: CROP_MAX - c.y2, x2: CROP_MAX - c.y1, y1: c.x1, y2: c.x2 };
  }
  return c;
}

export const normalizeAngle = (angle: number): number => ((Math.round(angle / 90) * 90) % 360 + 360) % 360;
