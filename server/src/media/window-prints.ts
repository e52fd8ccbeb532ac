/**
 * The server's own source of candidate duplicate pairs: light crops. The browser's fingerprint (spec 2: a difference
 * hash of size 8 of the whole thumbnail, near under Hamming distance 12) cannot see a crop of 5 or 10 % as near, as
 * every cell of its 9x8 grid moves; its rule stays as the spec says. Here each photo also gets the same kind of hash
 * of windows of itself (its corners, edge middles and centre at a few scales), and two photos are a crop candidate
 * when one's whole hash is near a window of the other's: a crop of one is then the same window of the other. A
 * candidate is only ever offered once the strong check (similarity.ts) agrees, so windows may overreach a little.
 */
import { greyPlane, type SmallPicture, type Window } from './similarity.ts';

/** The browser's hash size (spec 2 section 9): 9x8 cells give 64 bits. */
const HASH_SIZE = 8;
/** Near, as for the browser's pairs. */
export const PRINT_DISTANCE = 12;
/** How much of the picture each window keeps: crops of up to about a quarter of either side meet one of them. */
export const WINDOW_SCALES = [0.975, 0.95, 0.925, 0.9, 0.875, 0.85, 0.8] as const;
/** Where the windows sit: corners, edge middles and centre (fractions of the room left beside the window). */
const ANCHORS = [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.5, 0.5], [1, 0.5], [0, 1], [0.5, 1], [1, 1]] as const;
const SIDES = [0, 0.5, 1] as const;

/**
 * Every window: the photo's shape kept (a crop off two or four edges), and cut across one axis only (a crop off one
 * or two opposite edges changes the shape).
 */
const WINDOWS: Window[] = WINDOW_SCALES.flatMap((keep) => [
  ...ANCHORS.map(([ax, ay]) => ({ x: (1 - keep) * ax, y: (1 - keep) * ay, w: keep, h: keep })),
  ...SIDES.map((a) => ({ x: (1 - keep) * a, y: 0, w: keep, h: 1 })),
  ...SIDES.map((a) => ({ x: 0, y: (1 - keep) * a, w: 1, h: keep })),
]);

/** A photo's hashes, 16 hex digits each: the whole picture, then every window (WINDOWS, in order). */
export interface WindowPrints {
  whole: string;
  windows: string[];
}

/** 64 bits, one per cell pair of a row: 1 when the left cell is darker, the browser's bit order (fingerprint.ts). */
function hashOf(cells: Float64Array): string {
  const width = HASH_SIZE + 1;
  let hex = '';
  for (let y = 0; y < HASH_SIZE; y++) {
    for (let x = 0; x < HASH_SIZE; x += 4) {
      let nibble = 0;
      for (let k = 0; k < 4; k++) nibble = (nibble << 1) | (cells[y * width + x + k] < cells[y * width + x + k + 1] ? 1 : 0);
      hex += nibble.toString(16);
    }
  }
  return hex;
}

export function windowPrints(picture: SmallPicture): WindowPrints {
  const grey = greyPlane(picture);
  const print = (win: Window) => hashOf(grey.sample(win, HASH_SIZE + 1, HASH_SIZE));
  return { whole: print({ x: 0, y: 0, w: 1, h: 1 }), windows: WINDOWS.map(print) };
}

/** A hash as two 32-bit halves, for counting differing bits fast. */
type Bits = readonly [number, number];
const bitsOf = (hex: string): Bits => [parseInt(hex.slice(0, 8), 16) >>> 0, parseInt(hex.slice(8, 16), 16) >>> 0];

function ones(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
const distance = (a: Bits, b: Bits): number => ones((a[0] ^ b[0]) >>> 0) + ones((a[1] ^ b[1]) >>> 0);

interface Parsed {
  whole: Bits;
  windows: Bits[];
}

const parse = (p: WindowPrints): Parsed => ({ whole: bitsOf(p.whole), windows: p.windows.map(bitsOf) });
const nearParsed = (a: Parsed, b: Parsed): boolean =>
  distance(a.whole, b.whole) < PRINT_DISTANCE ||
  b.windows.some((w) => distance(a.whole, w) < PRINT_DISTANCE) ||
  a.windows.some((w) => distance(b.whole, w) < PRINT_DISTANCE);

/** Whether either photo may be a light crop of the other (or the two whole pictures are near). */
export const cropCandidate = (a: WindowPrints, b: WindowPrints): boolean => nearParsed(parse(a), parse(b));

/** Every candidate pair among a video's photos, smaller id first, in a stable order. */
export function cropCandidatePairs(prints: ReadonlyMap<number, WindowPrints>): [number, number][] {
  const entries = [...prints].sort((x, y) => x[0] - y[0]).map(([id, p]) => [id, parse(p)] as const);
  const pairs: [number, number][] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) if (nearParsed(entries[i][1], entries[j][1])) pairs.push([entries[i][0], entries[j][0]]);
  }
  return pairs;
}

/** Stored prints are checked before use: a row from another version of this file is made again. */
export function isWindowPrints(value: unknown): value is WindowPrints {
  const hex = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{16}$/.test(v);
  if (!value || typeof value !== 'object') return false;
  const p = value as Partial<WindowPrints>;
  return hex(p.whole) && Array.isArray(p.windows) && p.windows.length === WINDOWS.length && p.windows.every(hex);
}
