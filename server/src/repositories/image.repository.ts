import { Worker } from 'node:worker_threads';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { exifDateTaken } from '../media/exif.ts';
import { exifFromHeifItem, parseHeifMeta } from '../media/heif.ts';
import { DERIVED_JPEG, planDerived, RAW_OPS, type EditOp, type EditParams, type ImageKind, type Size } from '../media/image-recipe.ts';
import { concealBlemishes, removeRedEyes, type RawImage } from '../media/pixel-repairs.ts';
import { MAX_PIXELS } from '../media/limits.ts';
import { MediaError } from '../media/media-error.ts';
import type { MediaFileRepository } from './media-file.repository.ts';

// Two jobs share two cores: libvips' own threads and its operation cache would only raise peak memory.
sharp.cache(false);
sharp.concurrency(1);

export interface ImageInfo {
  /** sharp's format name ('jpeg', 'png', 'webp', 'gif', 'tiff', 'heif') or 'heic' for phone photos. */
  format: string;
  /** After EXIF orientation (HEIC: after its rotation property). */
  width: number;
  height: number;
  takenAt: Date | null;
}

const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
const HEIC_TIMEOUT_MS = 180_000;
const MAX_META_BOX = 16 * 1024 * 1024;
const MAX_EXIF_ITEM = 1024 * 1024;
/** Kept next to the original so later edits do not decode the HEIC again: lossless enough and fast to read. */
const DECODED_JPEG = { quality: 95, chromaSubsampling: '4:4:4', mozjpeg: false } as const;

/** A truncated file must fail rather than come out as a grey half photo. */
const DECODE = { failOn: 'truncated', limitInputPixels: MAX_PIXELS } as const;

const isHeic = (mime: string): boolean => mime === 'image/heic' || mime === 'image/heif';

function mediaErrorOf(err: unknown): MediaError {
  if (err instanceof MediaError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new MediaError('too_large', message);
  if (/unsupported image format|not a known file format/i.test(message)) return new MediaError('unreadable', message);
  return new MediaError('damaged', message);
}

/**
 * sharp applies its operations in a fixed order; ops that would run out of order start a new pass. Red-eye and
 * blemish painting (RAW_OPS) are passes of their own on the raw pixels.
 */
const STAGE: Record<Exclude<EditOp['op'], 'redeye' | 'blemish'>, number> = {
  rotate: 0, extract: 1, resize: 2, modulate: 3, blur: 4, sharpen: 4, linear: 5, normalise: 6,
};
type SharpOp = Exclude<EditOp, { op: 'redeye' | 'blemish' }>;
const isRawOp = (op: EditOp): op is Extract<EditOp, { op: 'redeye' | 'blemish' }> => RAW_OPS.has(op.op);

export function passesOf(ops: EditOp[]): EditOp[][] {
  const passes: EditOp[][] = [[]];
  for (const op of ops) {
    const current = passes[passes.length - 1];
    const last = current[current.length - 1];
    const split = last && (isRawOp(op) || isRawOp(last) || STAGE[op.op as SharpOp['op']] <= STAGE[last.op as SharpOp['op']]);
    if (split) passes.push([op]);
    else current.push(op);
  }
  return passes;
}

function paint(raw: RawImage, op: EditOp): void {
  if (op.op === 'redeye') removeRedEyes(raw, op.marks);
  else if (op.op === 'blemish') concealBlemishes(raw, op.strokes);
}

function apply(image: Sharp, op: SharpOp): Sharp {
  switch (op.op) {
    case 'rotate':
      return image.rotate(op.degrees, { background: '#ffffff' });
    case 'extract':
      return image.extract({ left: op.left, top: op.top, width: op.width, height: op.height });
    case 'resize':
      return image.resize(op.width, op.height, { fit: 'fill' });
    case 'modulate':
      return image.modulate({ brightness: op.brightness, saturation: op.saturation, hue: op.hue });
    case 'linear':
      return image.linear(op.multiplier, op.offset);
    case 'normalise':
      return image.normalise();
    case 'sharpen':
      return image.sharpen({ sigma: op.sigma });
    case 'blur':
      return image.blur(op.sigma);
  }
}

interface Decoded {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function decodeHeicInWorker(file: string): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-decode.worker.mjs', import.meta.url), {
      workerData: { file, maxPixels: MAX_PIXELS },
      execArgv: [],
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new MediaError('damaged', 'HEIC decoding took too long'));
    }, HEIC_TIMEOUT_MS);
    worker.once('message', (reply: Decoded & { problem?: MediaError['problem']; error?: string }) => {
      clearTimeout(timer);
      if (reply.problem) reject(new MediaError(reply.problem, reply.error ?? 'HEIC decoding failed'));
      else resolve(reply);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`HEIC decoder stopped with code ${code}`));
    });
  });
}

/** The only code that touches sharp and the HEIC decoder. */
export function imageRepository(files: MediaFileRepository) {
  const decoding = new Map<string, Promise<string>>();

  /** Walks the top-level boxes to the meta box; no pixel is decoded. */
  async function heicInfo(key: string): Promise<ImageInfo> {
    let offset = 0;
    for (let boxes = 0; boxes < 64; boxes++) {
      const header = await files.read(key, offset, 16);
      if (header.length < 8) break;
      let size = header.readUInt32BE(0);
      if (size === 1 && header.length >= 16) size = Number(header.readBigUInt64BE(8));
      const type = header.toString('latin1', 4, 8);
      if (type === 'meta') {
        if (size > MAX_META_BOX) break;
        const info = parseHeifMeta(await files.read(key, offset, size));
        if (!info) break;
        let takenAt: Date | null = null;
        if (info.exif && info.exif.length <= MAX_EXIF_ITEM) {
          takenAt = exifDateTaken(exifFromHeifItem(await files.read(key, info.exif.offset, info.exif.length)));
        }
        return { format: 'heic', width: info.width, height: info.height, takenAt };
      }
      if (size < 8) break;
      offset += size;
    }
    throw new MediaError('unreadable', 'No HEIF meta box with a primary image');
  }

  async function decodeHeic(key: string, out: string): Promise<string> {
    const { width, height, data } = await decodeHeicInWorker(await files.local(key));
    let jpeg: Buffer;
    try {
      jpeg = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
        .flatten({ background: '#ffffff' })
        .jpeg(DECODED_JPEG)
        .toBuffer();
    } catch (err) {
      throw mediaErrorOf(err);
    }
    await files.write(out, jpeg);
    return out;
  }

  /** sharp cannot read HEVC, so a HEIC original is decoded once into a JPEG beside it. */
  async function readableSource(key: string, mime: string): Promise<string> {
    if (!isHeic(mime)) return key;
    const out = `${key}.decoded.jpg`;
    if ((await files.size(out)) !== null) return out;
    let pending = decoding.get(out);
    if (!pending) {
      pending = decodeHeic(key, out).finally(() => decoding.delete(out));
      decoding.set(out, pending);
    }
    return pending;
  }

  async function render(input: string, params: EditParams, kind: ImageKind): Promise<{ jpeg: Buffer; size: Size }> {
    const meta = await sharp(input, DECODE).metadata();
    const plan = planDerived(params, meta.autoOrient, kind);
    const passes = passesOf(plan.ops);
    let image = sharp(input, DECODE).autoOrient();
    if (meta.hasAlpha) image = image.flatten({ background: '#ffffff' });
    for (const [index, ops] of passes.entries()) {
      if (ops.some(isRawOp)) {
        const { data, info } = await image.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
        for (const op of ops) paint({ data, width: info.width, height: info.height, channels: info.channels }, op);
        image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        continue;
      }
      for (const op of ops) image = apply(image, op as SharpOp);
      if (index < passes.length - 1 && !passes[index + 1].some(isRawOp)) {
        const { data, info } = await image.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
        image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      }
    }
    const jpeg = await image.toColourspace('srgb').jpeg(DERIVED_JPEG).toBuffer();
    return { jpeg, size: { width: plan.width, height: plan.height } };
  }

  return {
    /** Format, oriented size and capture date from the header alone: nothing is decoded. */
    async readInfo(key: string, mime: string): Promise<ImageInfo> {
      if (isHeic(mime)) return heicInfo(key);
      let meta: Metadata;
      const input = await files.local(key);
      try {
        meta = await sharp(input, { limitInputPixels: false }).metadata();
      } catch (err) {
        throw mediaErrorOf(err);
      }
      if (!meta.format || !READABLE_FORMATS.has(meta.format)) {
        throw new MediaError('unreadable', `sharp reads this as ${meta.format ?? 'nothing'}`);
      }
      return {
        format: meta.format,
        width: meta.autoOrient.width,
        height: meta.autoOrient.height,
        takenAt: exifDateTaken(meta.exif),
      };
    },

    /** Writes one derived JPEG of the photo (GIFs: their first frame) to outKey; answers its size. */
    async renderDerived(key: string, mime: string, params: EditParams, kind: ImageKind, outKey: string): Promise<Size> {
      const source = await readableSource(key, mime);
      let result: { jpeg: Buffer; size: Size };
      const input = await files.local(source);
      try {
        result = await render(input, params, kind);
      } catch (err) {
        throw mediaErrorOf(err);
      }
      await files.write(outKey, result.jpeg);
      return result.size;
    },
  };
}

export type ImageRepository = ReturnType<typeof imageRepository>;

/** Draws generated artwork (sample photos, placeholders) given as SVG text into a JPEG. */
export async function renderSvgToJpeg(svg: string, quality = 88): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

/**
 * A picture someone uploaded for a theme (an intro scene, a background), cropped to fill the frame as a JPEG.
 * Orientation is applied first; anything sharp cannot decode is a MediaError('unreadable').
 */
export async function fitPictureToFrame(input: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(input, DECODE).rotate().resize(width, height, { fit: 'cover' }).toColourspace('srgb').jpeg(DERIVED_JPEG).toBuffer();
  } catch (err) {
    throw mediaErrorOf(err);
  }
}

/** A picture decoded once to raw pixels, to be made into several pictures without decoding it again. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const fromPixels = (p: Pixels) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });

/** Draws SVG text to raw pixels of width x height (cropped to fill), on white. */
export async function rasterizeSvg(svg: string, width: number, height: number): Promise<Pixels> {
  const { data, info } = await sharp(Buffer.from(svg)).resize(width, height, { fit: 'cover' }).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * A picture ready to place in a print (stationery): decoded from a file or bytes, turned upright, at most maxEdge
 * pixels on its long side, as JPEG (photos, artwork) or PNG (logos, which may be transparent), with its size.
 */
export async function printImage(input: Buffer | string, type: 'jpg' | 'png', maxEdge: number): Promise<{ data: Buffer; type: 'jpg' | 'png'; width: number; height: number }> {
  const source = sharp(input, DECODE).autoOrient().resize(maxEdge, maxEdge, { fit: 'inside', withoutEnlargement: true });
  const encoded = type === 'jpg' ? source.flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }) : source.png();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, type, width: info.width, height: info.height };
}

/** A JPEG of an SVG drawing at the size it declares, on white (the print preview of stationery/jpg.ts). */
export async function svgToJpeg(svg: string, quality = 90): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** SVG layers of the picture's size drawn over it in order; raw pixels out, to be made into other pictures. */
export async function composePixels(base: Pixels, overlays: string[]): Promise<Pixels> {
  if (!overlays.length) return base;
  const { data, info } = await fromPixels(base)
    .composite(overlays.map((svg) => ({ input: Buffer.from(svg), top: 0, left: 0 })))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A JPEG of a picture, squeezed or cropped to exactly width x height when a size is given. */
export async function pixelsToJpeg(picture: Pixels, quality = 88, size?: { width: number; height: number }): Promise<Buffer> {
  const source = size ? fromPixels(picture).resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' }) : fromPixels(picture);
  return source.jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
}

/**
 * Difference hash of a picture: grey, shrunk to (size + 1) x size, one bit per horizontal brightness step.
 * Alike pictures give hashes a few bits apart; answers hex.
 */
export async function differenceHash(input: Buffer, size = 16): Promise<string> {
  const pixels = await sharp(input).greyscale().resize(size + 1, size, { fit: 'fill' }).raw().toBuffer();
  let bits = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) bits += pixels[y * (size + 1) + x] < pixels[y * (size + 1) + x + 1] ? '1' : '0';
  }
  return bits.match(/.{4}/g)!.map((nibble) => parseInt(nibble, 2).toString(16)).join('');
}

/** Pictures laid out in a grid as one PNG, each fitted into a tile of the given size. */
export async function contactSheet(images: Buffer[], columns: number, tile: { width: number; height: number }, gap = 12): Promise<Buffer> {
  const rows = Math.ceil(images.length / columns);
  const tiles = await Promise.all(images.map((image) => sharp(image).resize(tile.width, tile.height, { fit: 'contain', background: '#202020' }).png().toBuffer()));
  return sharp({
    create: { width: columns * (tile.width + gap) + gap, height: rows * (tile.height + gap) + gap, channels: 3, background: '#202020' },
  })
    .composite(tiles.map((input, i) => ({ input, left: gap + (i % columns) * (tile.width + gap), top: gap + Math.floor(i / columns) * (tile.height + gap) })))
    .png()
    .toBuffer();
}

/** Width and height of an encoded picture, from its header. */
export async function pictureSize(input: Buffer): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(input).metadata();
  return { width, height };
}
