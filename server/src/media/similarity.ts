/**
 * The server's second look at a pair the browser's fingerprints call near (spec 2's duplicate detection). A 64-bit
 * difference hash also matches burst shots and other photos of the same scene; this check aligns the two pictures
 * (one may be a light crop of the other), then compares structure (SSIM of small greyscale versions) and colour
 * (mean colour of a grid of cells). Pure: it takes small RGB pixel arrays, the repository makes them.
 */

export interface SmallPicture {
  width: number;
  height: number;
  /** width * height * 3 bytes, RGB, rows top to bottom. */
  rgb: Uint8Array;
}

/** Where the other picture lies inside this one, as fractions of this one's width and height. */
export interface Window {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Similarity {
  /** Structural similarity of the aligned greyscale versions, 1 for the same picture. */
  structure: number;
  /** Mean difference of the aligned cells' colours, 0..255 per channel. */
  colour: number;
  /** Which picture was cropped and where, for reading the bench. */
  cropOf: 'a' | 'b';
  window: Window;
}

/** Measured on the bench (scripts/bench/smart-duplicates.ts): copies stay above and distinct photos below. */
export const SAME_STRUCTURE = 0.83;
export const SAME_COLOUR = 14;

/** How much of either edge a "light crop" may take away, and the alignment's steps. */
const MIN_SCALE = 0.7;
const SCALE_STEP = 0.025;
const OFFSET_STEP = 0.02;
const COARSE = 16;
const FINE = 40;
const COLOUR_CELLS = 4;

/** Summed-area tables of one plane, so any rectangle's mean costs four reads. */
export class Plane {
  private readonly sums: Float64Array;
  constructor(
    readonly width: number,
    readonly height: number,
    value: (i: number) => number,
  ) {
    const stride = width + 1;
    this.sums = new Float64Array(stride * (height + 1));
    for (let y = 0; y < height; y++) {
      let row = 0;
      for (let x = 0; x < width; x++) {
        row += value(y * width + x);
        this.sums[(y + 1) * stride + x + 1] = this.sums[y * stride + x + 1] + row;
      }
    }
  }

  /** Mean over the rectangle [x0, x1) x [y0, y1) in pixel units, fractional edges weighted by area. */
  mean(x0: number, y0: number, x1: number, y1: number): number {
    const area = (x1 - x0) * (y1 - y0);
    return area > 0 ? (this.at(x1, y1) - this.at(x0, y1) - this.at(x1, y0) + this.at(x0, y0)) / area : 0;
  }

  /** The summed area up to a fractional point, bilinear between the table's corners. */
  private at(x: number, y: number): number {
    const stride = this.width + 1;
    const cx = Math.min(Math.max(x, 0), this.width);
    const cy = Math.min(Math.max(y, 0), this.height);
    const ix = Math.min(Math.floor(cx), this.width - 1);
    const iy = Math.min(Math.floor(cy), this.height - 1);
    const fx = cx - ix;
    const fy = cy - iy;
    // No helper closure here: this runs millions of times per pair.
    const top = iy * stride + ix;
    const bottom = top + stride;
    const s = this.sums;
    return s[top] * (1 - fx) * (1 - fy) + s[top + 1] * fx * (1 - fy) + s[bottom] * (1 - fx) * fy + s[bottom + 1] * fx * fy;
  }

  /** The window resampled to n x rows cells (n x n unless said) by area averaging, rows top to bottom. */
  sample(win: Window, n: number, rows = n): Float64Array {
    const out = new Float64Array(n * rows);
    const x0 = win.x * this.width;
    const y0 = win.y * this.height;
    const cw = (win.w * this.width) / n;
    const ch = (win.h * this.height) / rows;
    for (let j = 0; j < rows; j++) for (let i = 0; i < n; i++) out[j * n + i] = this.mean(x0 + i * cw, y0 + j * ch, x0 + (i + 1) * cw, y0 + (j + 1) * ch);
    return out;
  }
}

/** The picture's brightness, weighted as the browser's fingerprint weighs it. */
export const greyPlane = (p: SmallPicture): Plane => new Plane(p.width, p.height, (i) => 0.299 * p.rgb[i * 3] + 0.587 * p.rgb[i * 3 + 1] + 0.114 * p.rgb[i * 3 + 2]);

const planes = (p: SmallPicture) => {
  const channel = (c: number) => new Plane(p.width, p.height, (i) => p.rgb[i * 3 + c]);
  return { grey: greyPlane(p), colours: [channel(0), channel(1), channel(2)] };
};

/** Mean SSIM over 4x4 blocks (stride 2) of two n x n planes, on the 0..255 scale's usual constants. */
export function ssim(a: Float64Array, b: Float64Array, n: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const block = 4;
  let total = 0;
  let count = 0;
  for (let by = 0; by + block <= n; by += 2) {
    for (let bx = 0; bx + block <= n; bx += 2) {
      let ma = 0, mb = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          ma += a[y * n + x];
          mb += b[y * n + x];
        }
      }
      ma /= block * block;
      mb /= block * block;
      let va = 0, vb = 0, cov = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const da = a[y * n + x] - ma;
          const db = b[y * n + x] - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      }
      const k = block * block - 1;
      total += ((2 * ma * mb + c1) * ((2 * cov) / k + c2)) / ((ma * ma + mb * mb + c1) * (va / k + vb / k + c2));
      count++;
    }
  }
  return count ? total / count : 0;
}

const FULL: Window = { x: 0, y: 0, w: 1, h: 1 };

/**
 * Windows of `big` whose shape matches `small` (a crop keeps what is left of the picture undistorted), from the
 * whole picture down to MIN_SCALE of either side, at every offset step.
 */
function cropWindows(big: SmallPicture, small: SmallPicture): Window[] {
  const windows: Window[] = [];
  const aspect = (small.width / small.height) * (big.height / big.width);
  for (let w = 1; w >= MIN_SCALE - 1e-9; w -= SCALE_STEP) {
    let h = w / aspect;
    // Rounded thumbnail widths make the whole picture look a pixel off its own aspect: let 3 % pass as the same.
    if (h > 1.03 || h < MIN_SCALE) continue;
    h = Math.min(h, 1);
    // An even count of steps: the centred window (a crop off every edge alike) is tried exactly, as are the corners.
    const xs = 2 * Math.max(1, Math.round((1 - w) / OFFSET_STEP / 2));
    const ys = 2 * Math.max(1, Math.round((1 - h) / OFFSET_STEP / 2));
    for (let i = 0; i <= xs; i++) for (let j = 0; j <= ys; j++) windows.push({ x: ((1 - w) * i) / xs, y: ((1 - h) * j) / ys, w, h });
  }
  return windows;
}

/** Coarse windows refined at full detail: the coarse grid can rank a textured picture's true window a little low. */
const REFINED = 3;
/** The refinement's smallest offset step: a fraction of a small picture's pixel. */
const MIN_STEP = OFFSET_STEP / 8;
/** A bound on the climb's steps (it usually settles in a dozen). */
const MAX_MOVES = 40;

/** Keeps a window inside the picture. */
const inside = (w: Window): Window => {
  const ww = Math.min(w.w, 1);
  const hh = Math.min(w.h, 1);
  return { w: ww, h: hh, x: Math.min(Math.max(w.x, 0), 1 - ww), y: Math.min(Math.max(w.y, 0), 1 - hh) };
};

/**
 * The best window of `big` against the whole of `small`: a coarse search, then from the few best coarse windows a
 * climb at full detail (offsets and size, each step halved when no neighbour is better), so a crop that falls
 * between the coarse grid's steps is still matched pixel for pixel.
 */
function align(big: Plane, small: Plane, windows: Window[]): { window: Window; structure: number } {
  const target = small.sample(FULL, COARSE);
  const ranked = windows.map((window) => ({ window, structure: ssim(big.sample(window, COARSE), target, COARSE) })).sort((a, b) => b.structure - a.structure);
  const fine = small.sample(FULL, FINE);
  const score = (window: Window) => ssim(big.sample(window, FINE), fine, FINE);
  let refined = { window: FULL, structure: -Infinity };
  for (const start of ranked.slice(0, REFINED)) {
    // The runners-up are climbed only when the best coarse window did not already make the pair the same photo.
    if (refined.structure >= SAME_STRUCTURE) break;
    let here = { window: start.window, structure: score(start.window) };
    for (let step = OFFSET_STEP / 2, moves = 0; step >= MIN_STEP && moves < MAX_MOVES; moves++) {
      const w = here.window;
      const grow = 1 + step;
      const neighbours: Window[] = [
        { ...w, x: w.x - step }, { ...w, x: w.x + step }, { ...w, y: w.y - step }, { ...w, y: w.y + step },
        // A size step keeps the window's centre and shape.
        { x: w.x - (w.w * (grow - 1)) / 2, y: w.y - (w.h * (grow - 1)) / 2, w: w.w * grow, h: w.h * grow },
        { x: w.x + (w.w * (1 - 1 / grow)) / 2, y: w.y + (w.h * (1 - 1 / grow)) / 2, w: w.w / grow, h: w.h / grow },
      ];
      let moved = false;
      for (const n of neighbours) {
        const window = inside(n);
        if (window.w < MIN_SCALE - 1e-9 && window.h < MIN_SCALE - 1e-9) continue;
        const structure = score(window);
        if (structure > here.structure + 1e-6) {
          here = { window, structure };
          moved = true;
        }
      }
      if (!moved) step /= 2;
    }
    if (here.structure > refined.structure) refined = here;
  }
  return refined;
}

function colourDifference(big: Plane[], small: Plane[], window: Window): number {
  let total = 0;
  for (let c = 0; c < 3; c++) {
    const a = big[c].sample(window, COLOUR_CELLS);
    const b = small[c].sample(FULL, COLOUR_CELLS);
    for (let i = 0; i < a.length; i++) total += Math.abs(a[i] - b[i]);
  }
  return total / (3 * COLOUR_CELLS * COLOUR_CELLS);
}

/** How alike two pictures are once aligned; either may be the crop of the other. */
export function compareSmallPictures(a: SmallPicture, b: SmallPicture): Similarity {
  const pa = planes(a);
  const pb = planes(b);
  const inA = align(pa.grey, pb.grey, cropWindows(a, b));
  const inB = align(pb.grey, pa.grey, cropWindows(b, a));
  if (inA.structure >= inB.structure) {
    return { structure: inA.structure, colour: colourDifference(pa.colours, pb.colours, inA.window), cropOf: 'a', window: inA.window };
  }
  return { structure: inB.structure, colour: colourDifference(pb.colours, pa.colours, inB.window), cropOf: 'b', window: inB.window };
}

export const isSamePhoto = (s: Pick<Similarity, 'structure' | 'colour'>): boolean => s.structure >= SAME_STRUCTURE && s.colour <= SAME_COLOUR;
