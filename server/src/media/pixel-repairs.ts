/**
 * The two retouching tools, painted on raw pixels (sharp has no such operation): red-eye removal and the blemish
 * concealer. Marks arrive already mapped into the image being painted ([x, y, radius] in its pixels), so the
 * same code serves the thumbnail and the render's big image alike.
 */

/** Spec 2: only pixels whose red exceeds 1.5 times the mean of green and blue are recoloured. */
export const RED_EYE_THRESHOLD = 1.5;
/** Spec 2: brush and pupil sizes. */
export const MARK_RADIUS_MIN = 2;
export const MARK_RADIUS_MAX = 100;

export interface RawImage {
  data: Buffer | Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: number;
}

export type Mark = [number, number, number];

/** The bounding box of a circle inside the image, or null when it lies wholly outside. */
function box(img: RawImage, x: number, y: number, r: number, margin = 0) {
  const x0 = Math.max(0, Math.floor(x - r - margin));
  const y0 = Math.max(0, Math.floor(y - r - margin));
  const x1 = Math.min(img.width - 1, Math.ceil(x + r + margin));
  const y1 = Math.min(img.height - 1, Math.ceil(y + r + margin));
  return x0 > x1 || y0 > y1 ? null : { x0, y0, x1, y1 };
}

/**
 * Within each mark's pupil radius, a red pixel (red above 1.5 x the mean of green and blue) takes that mean as its
 * red: the pupil turns the dark grey it would be without the flash, and skin, lips or a red shirt outside the
 * radius are never touched.
 */
export function removeRedEyes(img: RawImage, marks: Mark[]): void {
  const { data, width, channels } = img;
  for (const [cx, cy, r] of marks) {
    if (!(r > 0)) continue;
    const b = box(img, cx, cy, r);
    if (!b) continue;
    for (let y = b.y0; y <= b.y1; y++) {
      for (let x = b.x0; x <= b.x1; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        if (dx * dx + dy * dy > r * r) continue;
        const i = (y * width + x) * channels;
        const mean = (data[i + 1] + data[i + 2]) / 2;
        if (data[i] > RED_EYE_THRESHOLD * mean) data[i] = Math.round(mean);
      }
    }
  }
}

/** Three box blurs of radius k over one channel of a region: close to a Gaussian, linear in the region size. */
function blurRegion(src: Float32Array, w: number, h: number, k: number): Float32Array {
  let cur = src;
  const tmp = new Float32Array(w * h);
  for (let pass = 0; pass < 3; pass++) {
    for (let y = 0; y < h; y++) {
      let sum = 0;
      let n = 0;
      for (let x = -k; x < w; x++) {
        const add = x + k;
        if (add < w) {
          sum += cur[y * w + add];
          n++;
        }
        const drop = x - k - 1;
        if (drop >= 0) {
          sum -= cur[y * w + drop];
          n--;
        }
        if (x >= 0) tmp[y * w + x] = sum / n;
      }
    }
    const out = new Float32Array(w * h);
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let y = -k; y < h; y++) {
        const add = y + k;
        if (add < h) {
          sum += tmp[add * w + x];
          n++;
        }
        const drop = y - k - 1;
        if (drop >= 0) {
          sum -= tmp[drop * w + x];
          n--;
        }
        if (y >= 0) out[y * w + x] = sum / n;
      }
    }
    cur = out;
  }
  return cur;
}

/** How far the concealer smooths, for a brush of radius r: wide enough to melt a spot, narrow enough to keep shape. */
export const blemishBlurRadius = (r: number): number => Math.max(1, Math.round(r / 3));

/**
 * Each stroke (a brush circle; the editor adds one every radius/3 of a drag) replaces the skin under it with a
 * smoothed version of itself, fully inside 60% of the radius and fading to nothing at the edge. Pixels outside every
 * circle keep their exact values.
 */
export function concealBlemishes(img: RawImage, strokes: Mark[]): void {
  const { data, width, channels } = img;
  for (const [cx, cy, r] of strokes) {
    if (!(r > 0)) continue;
    const k = blemishBlurRadius(r);
    const b = box(img, cx, cy, r, 3 * k);
    if (!b) continue;
    const w = b.x1 - b.x0 + 1;
    const h = b.y1 - b.y0 + 1;
    const colour = Math.min(3, channels);
    for (let c = 0; c < colour; c++) {
      const region = new Float32Array(w * h);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) region[y * w + x] = data[((b.y0 + y) * width + b.x0 + x) * channels + c];
      const smooth = blurRegion(region, w, h, k);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const dx = b.x0 + x + 0.5 - cx;
          const dy = b.y0 + y + 0.5 - cy;
          const d = Math.sqrt(dx * dx + dy * dy);
          if (d >= r) continue;
          const weight = d <= 0.6 * r ? 1 : (r - d) / (0.4 * r);
          const i = ((b.y0 + y) * width + b.x0 + x) * channels + c;
          data[i] = Math.round(data[i] * (1 - weight) + smooth[y * w + x] * weight);
        }
      }
    }
  }
}
