/**
 * Duplicate detection quality on a labelled set built at run time, through the product's own path: each photo's
 * thumbnail as the server makes it (image repository, 'thumb'), the browser's fingerprint of that thumbnail (hash
 * size 8; a candidate pair under Hamming distance 12, web/src/features/slides/duplicates), then the server's second
 * look at each candidate (media/similarity.ts on small-picture.repository's pixels, as duplicate-check.service does).
 * The server's own candidates (window prints of the same thumbnails, media/window-prints.ts, as
 * POST /r/slides/duplicate_pairs proposes them) go to the same check.
 *
 * Originals: the demo's sample photos (drawn landscapes, server/src/media/sample-photos.ts, the shapes the demo
 * seed uses), the tests' real photographs (server/test/fixtures/rotation) and, when present, the real photographs
 * of scikit-image's data (Debian package python3-skimage: installed by `scripts/system-deps.sh --with-bench`, which
 * smart.ts runs, or unpacked under the cache folder with
 *   apt-get download python3-skimage && dpkg-deb -x python3-skimage_*.deb x
 *   cp x/usr/lib/python3/dist-packages/skimage/data/*.{png,jpg} ~/.cache/tribute/bench-smart/skimage/
 * ), plus any folders given.
 * Altered copies of each original (each must be found): resized to 50 % and 25 %, recompressed at JPEG quality 40,
 * cropped by 5 % (5 % off the right and bottom edges) and 10 % (5 % off every edge), and stored sideways with EXIF
 * orientation 6. The server's check is also run on every pair without the fingerprints in front, so a miss is
 * put down to the stage that made it.
 * Distinct pairs (none may be offered): every two different originals, two crops of one photo that overlap less
 * than half, the sample photos of the same kind of scene (same palette, other layout), and scikit-image's stereo
 * pair (the same street from two viewpoints) when present.
 * Usage: node --import tsx scripts/bench/smart-duplicates.ts [folder...]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { differenceHash, HASH_HEIGHT, HASH_WIDTH } from '../../web/src/features/slides/duplicates/fingerprint.ts';
import { DUPLICATE_DISTANCE, hammingDistance } from '../../web/src/features/slides/duplicates/grouping.ts';
import { cacheFolder } from '../../server/src/cache/cache-dir.ts';
import { projectRoot } from '../../server/src/config.ts';
import type { EditParams } from '../../server/src/media/image-recipe.ts';
import { sampleScene } from '../../server/src/media/sample-photos.ts';
import { compareSmallPictures, isSamePhoto } from '../../server/src/media/similarity.ts';
import { cropCandidate, windowPrints } from '../../server/src/media/window-prints.ts';
import { imageRepository, renderSvgToJpeg } from '../../server/src/repositories/image.repository.ts';
import { mediaFileRepository } from '../../server/src/repositories/media-file.repository.ts';
import { smallPicture } from '../../server/src/repositories/small-picture.repository.ts';
import { storageRepository } from '../../server/src/repositories/storage.repository.ts';

/** Bump when the generated set changes, so a stale cache is not measured. */
const VERSION = 'duplicates-v1';
// (duplicates-v1 stays: other-crops/ was added beside the earlier files, which are unchanged.)
const CACHE = cacheFolder(path.join('bench-smart', VERSION));
/** The originals as uploaded (JPEG), for the other smart benches to measure on the same photographs. */
export const ORIGINALS_DIR = path.join(CACHE, 'originals');
/** Whether scikit-image's photographs were found (without them the set has no real photos beyond the tests'). */
export const hasSkimage = (): boolean => SKIMAGE_DIRS.some((dir) => existsSync(path.join(dir, 'astronaut.png')));
const SKIMAGE_DIRS = ['/usr/lib/python3/dist-packages/skimage/data', cacheFolder(path.join('bench-smart', 'skimage'))];
/** scikit-image's photographs (the rest of its data are drawings, test patterns and arrays). */
const SKIMAGE_PHOTOS = ['astronaut', 'camera', 'chelsea', 'coffee', 'coins', 'rocket', 'hubble_deep_field', 'motorcycle_left', 'moon', 'retina', 'page', 'brick', 'grass', 'gravel'];
const STEREO = ['motorcycle_left', 'motorcycle_right'];
/** The demo seed's photo shapes and scene numbers (server/src/seed/demo-media.ts). */
const DEMO_SHAPES = [[1620, 1080], [900, 1200], [1920, 1080], [1200, 1200], [960, 1440]] as const;
const DEMO_PHOTOS = 12;
const PALETTES = 6;

interface Photo {
  name: string;
  file: string;
}

interface Pair {
  kind: string;
  a: Photo;
  b: Photo;
}

export interface DuplicateFigures {
  altered: number;
  alteredFound: number;
  distinct: number;
  distinctOffered: number;
  candidates: number;
  /** The server's check without the fingerprints in front: copies it calls the same, distinct pairs it calls the same. */
  serverAloneCopies: number;
  serverAloneDistinct: number;
  msPerPair: number;
  missed: string[];
  offered: string[];
  /** Crops of other shapes (otherCrops), reported apart from the set above. */
  otherCrops: number;
  otherCropsFound: number;
}

/** Writes beside, then renames: a cached file appears whole or not at all. */
async function cached(name: string, make: () => Promise<Buffer>): Promise<string> {
  const file = path.join(CACHE, name);
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, await make());
  renameSync(`${file}.part`, file);
  return file;
}

async function originals(folders: string[]): Promise<{ photos: Photo[]; stereo: Photo[] }> {
  const photos: Photo[] = [];
  for (let s = 0; s < DEMO_PHOTOS; s++) {
    const [width, height] = DEMO_SHAPES[s % DEMO_SHAPES.length];
    const scene = sampleScene(s * 5 + 3, width, height);
    photos.push({ name: `sample-${s} (${scene.name})`, file: await cached(`originals/sample-${s}.jpg`, () => renderSvgToJpeg(scene.svg, 90)) });
  }
  const skimage = SKIMAGE_DIRS.find((dir) => existsSync(path.join(dir, 'astronaut.png')));
  const stereo: Photo[] = [];
  if (skimage) {
    for (const name of SKIMAGE_PHOTOS) {
      const source = path.join(skimage, readdirSync(skimage).find((f) => f.startsWith(`${name}.`))!);
      photos.push({ name: `skimage ${name}`, file: await cached(`originals/skimage-${name}.jpg`, () => sharp(source).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer()) });
    }
    for (const name of STEREO) {
      const source = path.join(skimage, `${name}.png`);
      if (!existsSync(source)) continue;
      stereo.push({ name: `skimage ${name}`, file: await cached(`originals/skimage-${name}.jpg`, () => sharp(source).jpeg({ quality: 92 }).toBuffer()) });
    }
  }
  const taken = new Set(photos.map((p) => p.name.replace(/^skimage /, '')));
  for (const dir of [path.join(projectRoot, 'server/test/fixtures/rotation'), ...folders]) {
    for (const f of readdirSync(dir).filter((n) => /\.(jpe?g|png|webp)$/i.test(n))) {
      const base = path.parse(f).name;
      // The tests' photographs are small copies of scikit-image's: the same photo twice is no distinct pair.
      if (taken.has(base)) continue;
      taken.add(base);
      photos.push({ name: base, file: path.join(dir, f) });
    }
  }
  return { photos, stereo: stereo.length === 2 ? stereo : [] };
}

/** The altered copies of one photo, each a duplicate of it. */
async function alteredCopies(photo: Photo, key: string): Promise<Photo[]> {
  const meta = await sharp(photo.file).metadata();
  const [w, h] = [meta.width!, meta.height!];
  const crop = (keep: number, anchor: 'corner' | 'centre') => {
    const width = Math.round(w * keep);
    const height = Math.round(h * keep);
    const left = anchor === 'corner' ? 0 : Math.round((w - width) / 2);
    const top = anchor === 'corner' ? 0 : Math.round((h - height) / 2);
    return sharp(photo.file).extract({ left, top, width, height }).jpeg({ quality: 85 }).toBuffer();
  };
  const variants: [string, () => Promise<Buffer>][] = [
    ['resized 50 %', () => sharp(photo.file).resize(Math.round(w / 2)).jpeg({ quality: 85 }).toBuffer()],
    ['resized 25 %', () => sharp(photo.file).resize(Math.round(w / 4)).jpeg({ quality: 85 }).toBuffer()],
    ['JPEG quality 40', () => sharp(photo.file).jpeg({ quality: 40 }).toBuffer()],
    ['cropped 5 %', () => crop(0.95, 'corner')],
    ['cropped 10 %', () => crop(0.9, 'centre')],
    // Stored as a camera that was held sideways stores it: pixels turned, orientation 6 to show them upright.
    ['EXIF-rotated (orientation 6)', () => sharp(photo.file).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 85 }).toBuffer()],
  ];
  const copies: Photo[] = [];
  for (const [i, [name, make]] of variants.entries()) copies.push({ name: `${photo.name} ${name}`, file: await cached(`altered/${key}-${i}.jpg`, make) });
  return copies;
}

/**
 * Crops of other shapes than the two in the set above, reported apart (they were not in the figures before): off
 * the grid the window prints and the check's coarse search step on, and crops that change the photo's shape.
 */
async function otherCrops(photo: Photo, key: string): Promise<Photo[]> {
  const meta = await sharp(photo.file).metadata();
  const [w, h] = [meta.width!, meta.height!];
  const cut = (left: number, top: number, right: number, bottom: number) => () =>
    sharp(photo.file).extract({ left: Math.round(w * left), top: Math.round(h * top), width: Math.round(w * (1 - left - right)), height: Math.round(h * (1 - top - bottom)) }).jpeg({ quality: 85 }).toBuffer();
  const variants: [string, () => Promise<Buffer>][] = [
    ['cropped 7 % off the left and top', cut(0.07, 0.07, 0, 0)],
    ['cropped 8 % off every edge', cut(0.08, 0.08, 0.08, 0.08)],
    ['cropped 3 % off the left, 6 % off the bottom', cut(0.03, 0, 0, 0.06)],
    ['cropped 20 % off the right', cut(0, 0, 0.2, 0)],
    ['cropped 12 % off the top', cut(0, 0.12, 0, 0)],
  ];
  const copies: Photo[] = [];
  for (const [i, [name, make]] of variants.entries()) copies.push({ name: `${photo.name} ${name}`, file: await cached(`other-crops/${key}-${i}.jpg`, make) });
  return copies;
}

/** Two crops of one photo, the left and the right 60 %: they share a fifth of the width, a third of either. */
async function apartCrops(photo: Photo, key: string): Promise<[Photo, Photo]> {
  const meta = await sharp(photo.file).metadata();
  const width = Math.round(meta.width! * 0.6);
  const side = (left: number) => sharp(photo.file).extract({ left, top: 0, width, height: meta.height! }).jpeg({ quality: 85 }).toBuffer();
  return [
    { name: `${photo.name} left 60 %`, file: await cached(`apart/${key}-left.jpg`, () => side(0)) },
    { name: `${photo.name} right 60 %`, file: await cached(`apart/${key}-right.jpg`, () => side(meta.width! - width)) },
  ];
}

const plainEdits = (source: string): EditParams => ({
  source, angle: 0, crop: null, hue: 0, brightness: 100, contrast: 100, saturation: 100, straighten: 0, enhance: false, redeyes: [], blemishes: [],
});

/** The browser's fingerprint of a thumbnail (canvas.ts): drawn at 72x64, 8x8 blocks averaged to 9x8, hashed. */
async function fingerprint(thumb: string | Buffer): Promise<string> {
  const block = 8;
  const width = HASH_WIDTH * block;
  const height = HASH_HEIGHT * block;
  const big = await sharp(thumb).resize(width, height, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const small = new Float64Array(HASH_WIDTH * HASH_HEIGHT * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor(y / block) * HASH_WIDTH + Math.floor(x / block);
      for (let c = 0; c < 3; c++) small[cell * 4 + c] += big[(y * width + x) * 3 + c] / (block * block);
    }
  }
  for (let cell = 0; cell < HASH_WIDTH * HASH_HEIGHT; cell++) small[cell * 4 + 3] = 255;
  return differenceHash(small);
}

export async function duplicatesBench(folders: string[] = [], log: (line: string) => void = console.log): Promise<DuplicateFigures> {
  const storage = storageRepository(CACHE);
  const images = imageRepository(mediaFileRepository(storage));
  const thumbs = new Map<string, Promise<string>>();
  /** The slide's thumbnail as the grid shows it (and the server check reads), made by the server's renderer. */
  const thumbOf = (photo: Photo): Promise<string> => {
    let thumb = thumbs.get(photo.file);
    if (!thumb) {
      const slug = photo.name.replace(/[^a-z0-9]+/gi, '-');
      const key = `thumbs/${slug}.jpg`;
      thumb = (async () => {
        if (!existsSync(storage.resolve(key))) {
          await storage.write(`sources/${slug}`, readFileSync(photo.file));
          await images.renderDerived(`sources/${slug}`, 'image/jpeg', plainEdits(slug), 'thumb', key);
        }
        return storage.resolve(key);
      })();
      thumbs.set(photo.file, thumb);
    }
    return thumb;
  };

  const { photos, stereo } = await originals(folders);
  const duplicates: Pair[] = [];
  const others: Pair[] = [];
  const distinct: Pair[] = [];
  for (const [i, photo] of photos.entries()) {
    for (const copy of await alteredCopies(photo, `p${i}`)) duplicates.push({ kind: copy.name.slice(photo.name.length + 1), a: photo, b: copy });
    for (const copy of await otherCrops(photo, `p${i}`)) others.push({ kind: copy.name.slice(photo.name.length + 1), a: photo, b: copy });
    const [left, right] = await apartCrops(photo, `p${i}`);
    distinct.push({ kind: 'crops overlapping under half', a: left, b: right });
    for (const other of photos.slice(i + 1)) distinct.push({ kind: 'different photos', a: photo, b: other });
  }
  for (let s = 0; s + PALETTES < DEMO_PHOTOS; s++) {
    const pair = distinct.find((p) => p.a === photos[s] && p.b === photos[s + PALETTES]);
    if (pair) pair.kind = 'same kind of scene';
  }
  if (stereo.length) distinct.push({ kind: 'same scene, two viewpoints', a: stereo[0], b: stereo[1] });
  log(`originals ${photos.length}: ${photos.map((p) => p.name).join(', ')}`);

  /**
   * The server's own source (duplicate-check.service's proposals): window prints of each thumbnail's small picture
   * (media/window-prints.ts), a pair a candidate when one's whole print is near a window of the other's.
   */
  const serverPrints = new Map<string, ReturnType<typeof windowPrints>>();
  const serverPrintOf = async (photo: Photo) => {
    if (!serverPrints.has(photo.file)) serverPrints.set(photo.file, windowPrints(await smallPicture(await thumbOf(photo))));
    return serverPrints.get(photo.file)!;
  };

  const prints = new Map<string, string>();
  const printOf = async (photo: Photo) => {
    if (!prints.has(photo.file)) prints.set(photo.file, await fingerprint(await thumbOf(photo)));
    return prints.get(photo.file)!;
  };
  let checked = 0;
  let checkMs = 0;
  const sources = { browser: 0, server: 0 };
  /** Offered when the browser's fingerprints are near or the server's window prints propose it, and the server's check agrees. */
  // The server's check is also run on the pairs the fingerprints keep from it, to tell which stage misses a copy.
  const judge = async (pair: Pair) => {
    const distance = hammingDistance(await printOf(pair.a), await printOf(pair.b));
    const browser = distance < DUPLICATE_DISTANCE;
    const server = cropCandidate(await serverPrintOf(pair.a), await serverPrintOf(pair.b));
    const candidate = browser || server;
    if (browser) sources.browser++;
    if (server) sources.server++;
    const [ta, tb] = await Promise.all([thumbOf(pair.a), thumbOf(pair.b)]);
    const started = performance.now();
    const similarity = compareSmallPictures(await smallPicture(ta), await smallPicture(tb));
    const same = isSamePhoto(similarity);
    checkMs += performance.now() - started;
    checked++;
    return { distance, candidate, same, offered: candidate && same, detail: `structure ${similarity.structure.toFixed(3)}, colour ${similarity.colour.toFixed(1)}` };
  };

  const missed: string[] = [];
  const byKind = new Map<string, { all: number; hit: number; candidates: number; same: number }>();
  const count = (kind: string, v: { offered: boolean; candidate: boolean; same: boolean }) => {
    const k = byKind.get(kind) ?? { all: 0, hit: 0, candidates: 0, same: 0 };
    k.all++;
    if (v.offered) k.hit++;
    if (v.candidate) k.candidates++;
    if (v.same) k.same++;
    byKind.set(kind, k);
  };
  let serverAloneCopies = 0;
  let serverAloneDistinct = 0;
  for (const pair of duplicates) {
    const v = await judge(pair);
    count(`copy: ${pair.kind}`, v);
    if (v.same) serverAloneCopies++;
    if (!v.offered) {
      const why = v.candidate ? `server check said different (${v.detail})` : `fingerprints ${v.distance} bits apart, no window print near; server check alone: ${v.same ? 'same' : 'different'} (${v.detail})`;
      missed.push(`${pair.b.name}: ${why}`);
    }
  }
  const otherMissed: string[] = [];
  for (const pair of others) {
    const v = await judge(pair);
    count(`other crop: ${pair.kind}`, v);
    if (!v.offered) otherMissed.push(`${pair.b.name}: ${v.candidate ? 'server check said different' : `no candidate (fingerprints ${v.distance} bits apart)`}; server check alone: ${v.same ? 'same' : 'different'} (${v.detail})`);
  }
  const offered: string[] = [];
  for (const pair of distinct) {
    const v = await judge(pair);
    count(`distinct: ${pair.kind}`, v);
    if (v.same) serverAloneDistinct++;
    if (v.offered) offered.push(`${pair.a.name} / ${pair.b.name} (${pair.kind}; ${v.distance} bits, ${v.detail})`);
  }

  for (const [kind, k] of byKind) {
    const what = kind.startsWith('distinct') ? 'offered' : 'found';
    log(`${kind}: ${what} ${k.hit} of ${k.all} (candidates from the browser's fingerprints or the server's window prints ${k.candidates}; the server check alone calls ${k.same} the same photo)`);
  }
  for (const m of missed) log(`MISSED ${m}`);
  for (const m of otherMissed) log(`MISSED (other crop) ${m}`);
  for (const o of offered) log(`OFFERED ${o}`);
  const figures: DuplicateFigures = {
    altered: duplicates.length,
    alteredFound: duplicates.length - missed.length,
    distinct: distinct.length,
    distinctOffered: offered.length,
    candidates: duplicates.length + distinct.length,
    serverAloneCopies,
    serverAloneDistinct,
    msPerPair: checked ? checkMs / checked : 0,
    missed,
    offered,
    otherCrops: others.length,
    otherCropsFound: others.length - otherMissed.length,
  };
  log(`altered copies found: ${figures.alteredFound} of ${figures.altered} (goal: all)`);
  log(`distinct pairs offered: ${figures.distinctOffered} of ${figures.distinct} (goal: none)`);
  log(`other crops (not in the set above): found ${figures.otherCropsFound} of ${figures.otherCrops}`);
  log(`candidate pairs: the browser's fingerprints ${sources.browser}, the server's window prints ${sources.server}, of ${duplicates.length + others.length + distinct.length} pairs`);
  log(`the server check alone (every pair, no fingerprints): copies found ${serverAloneCopies} of ${duplicates.length}, distinct pairs called the same ${serverAloneDistinct} of ${distinct.length}`);
  log(`server check: ${figures.msPerPair.toFixed(1)} ms per pair (${checked} pairs; the fingerprint is a few microseconds per pair)`);
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await duplicatesBench(process.argv.slice(2));
