import { HASH_SIZE } from './grouping.ts';

/**
 * The pure half of the browser fingerprint: a difference hash of hash size 8 (spec 2 section 9) from the RGBA pixels
 * of a picture drawn at 9x8, and the spec's error texts (section 8). canvas.ts does the drawing.
 */

export const HASH_WIDTH = HASH_SIZE + 1;
export const HASH_HEIGHT = HASH_SIZE;

/** Why a fingerprint could not be made; each has its own text in the alert. */
export type FingerprintProblem = 'protected' | 'hardware' | 'other';

export class FingerprintError extends Error {
  constructor(
    readonly problem: FingerprintProblem,
    message: string,
  ) {
    super(message);
  }
}

/** 64 bits, one per pixel pair of a row: 1 when the left pixel is darker than its right neighbour. */
export function differenceHash(rgba: ArrayLike<number>): string {
  if (rgba.length !== HASH_WIDTH * HASH_HEIGHT * 4) throw new FingerprintError('other', `expected ${HASH_WIDTH}x${HASH_HEIGHT} pixels`);
  const grey = (x: number, y: number) => {
    const i = (y * HASH_WIDTH + x) * 4;
    return 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
  };
  let hex = '';
  for (let y = 0; y < HASH_HEIGHT; y++) {
    for (let x = 0; x < HASH_SIZE; x += 4) {
      let nibble = 0;
      for (let k = 0; k < 4; k++) nibble = (nibble << 1) | (grey(x + k, y) < grey(x + k + 1, y) ? 1 : 0);
      hex += nibble.toString(16);
    }
  }
  return hex;
}

/**
 * A JPEG has no transparency, so a decoded JPEG with any alpha under 255 came out of a broken decoder or graphics
 * driver (spec 2 section 8's 'invalid jpeg alpha').
 */
export function assertOpaque(rgba: ArrayLike<number>): void {
  for (let i = 3; i < rgba.length; i += 4) {
    if (rgba[i] !== 255) throw new FingerprintError('hardware', 'invalid jpeg alpha');
  }
}

/**
 * A browser that blocks canvas readback (Firefox's resistFingerprinting, "Suspected Fingerprinters") answers with
 * noise or a blank: a known pattern read back differs from what was drawn.
 */
export function patternSurvived(drawn: ArrayLike<number>, readBack: ArrayLike<number>): boolean {
  if (drawn.length !== readBack.length) return false;
  for (let i = 0; i < drawn.length; i++) if (drawn[i] !== readBack[i]) return false;
  return true;
}

/** Spec 2 section 8: the duplicate detection warnings. */
export function detectionFaultText(error: unknown): string {
  const problem = error instanceof FingerprintError ? error.problem : 'other';
  if (problem === 'protected') {
    return 'Cannot detect duplicate images. You have browser fingerprint protection enabled, which prevents some operations on images. Please disable the "Suspected Fingerprinters" option in your browser.';
  }
  if (problem === 'hardware') {
    return 'Cannot detect duplicate images. Images are not loading correctly, possibly due to a hardware problem. Please restart your computer and contact support if the issue persists.';
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Cannot detect duplicate images. Error: ${message}`;
}
