import { assertOpaque, differenceHash, FingerprintError, HASH_HEIGHT, HASH_WIDTH, patternSurvived } from './fingerprint.ts';

/** Each hash pixel averages a block of this many canvas pixels a side, so the hash does not depend on the browser's scaler. */
const BLOCK = 8;

function context(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new FingerprintError('other', 'This browser cannot draw images');
  return ctx;
}

/** getImageData, with a browser's refusal to read a canvas reported as fingerprint protection. */
function read(ctx: CanvasRenderingContext2D, width: number, height: number): Uint8ClampedArray {
  try {
    return ctx.getImageData(0, 0, width, height).data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'SecurityError') throw new FingerprintError('protected', error.message);
    throw error;
  }
}

let readbackChecked = false;

/** Draws a known pattern and reads it back once per page: a protected canvas gives back noise or a blank. */
export function checkCanvasReadback(): void {
  if (readbackChecked) return;
  const ctx = context(4, 1);
  const drawn = [200, 30, 90, 255, 10, 220, 130, 255, 250, 250, 5, 255, 40, 40, 40, 255];
  const image = ctx.createImageData(4, 1);
  image.data.set(drawn);
  ctx.putImageData(image, 0, 0);
  if (!patternSurvived(drawn, read(ctx, 4, 1))) throw new FingerprintError('protected', 'canvas readback altered');
  readbackChecked = true;
}

function load(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new FingerprintError('other', 'Image failed to load'));
    image.src = url;
  });
}

/** Spec 2 section 4: the fingerprint (hash size 8) of a slide's thumbnail, drawn in the browser. */
export async function fingerprintOf(url: string): Promise<string> {
  checkCanvasReadback();
  const image = await load(url);
  const width = HASH_WIDTH * BLOCK;
  const height = HASH_HEIGHT * BLOCK;
  const ctx = context(width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  const big = read(ctx, width, height);
  assertOpaque(big);
  const sums = new Float64Array(HASH_WIDTH * HASH_HEIGHT * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor(y / BLOCK) * HASH_WIDTH + Math.floor(x / BLOCK);
      for (let c = 0; c < 3; c++) sums[cell * 3 + c] += big[(y * width + x) * 4 + c];
    }
  }
  const small = new Float64Array(HASH_WIDTH * HASH_HEIGHT * 4);
  for (let cell = 0; cell < HASH_WIDTH * HASH_HEIGHT; cell++) {
    for (let c = 0; c < 3; c++) small[cell * 4 + c] = sums[cell * 3 + c] / (BLOCK * BLOCK);
    small[cell * 4 + 3] = 255;
  }
  return differenceHash(small);
}
