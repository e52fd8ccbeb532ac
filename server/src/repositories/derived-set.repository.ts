import sharp, { type Metadata } from 'sharp';
import { DERIVED_JPEG, planDerived, type DerivedKind, type EditOp, type EditParams, type EditPlan, type Size } from '../media/image-recipe.ts';
import { MAX_PIXELS } from '../media/limits.ts';
import { MediaError } from '../media/media-error.ts';
import type { ImageRepository } from './image.repository.ts';
import type { MediaFileRepository } from './media-file.repository.ts';

/** One derived image to make, and the key it is written to. */
export interface DerivedOutput {
  kind: DerivedKind;
  key: string;
}

/** How a set of images was made: `decodes` is how many times the original's pixels were decoded. */
export interface DerivedSetReport {
  decodes: number;
  /** How many times smaller than the photo its shared copy was (1: full size); null when there was none. */
  divisor: number | null;
}

/** As image.repository.ts decodes: a truncated file fails rather than comes out as a grey half photo. */
const DECODE = { failOn: 'truncated', limitInputPixels: MAX_PIXELS } as const;
/**
 * How much smaller than the photo the shared copy is, for a JPEG whose images are all at least this many times
 * smaller than it: sharp then has the decoder scale by 4 (DCT scaling, far less work than a full decode) and
 * resizes that to the copy, which keeps more than twice the detail of every image made from it. Measured on
 * 12-megapixel photos against a full decode resized in one step, thumbnails and squares made this way differ
 * less (PSNR 49 dB) than the thumbnail sharp makes alone (42 dB, scaled by 8 while decoding).
 */
const SCALES = [
  { divisor: 5, needs: 10 },
  { divisor: 3, needs: 6 },
];
/** The shared decode is held in memory while its images are made; a larger one is decoded per image instead. */
const MAX_SHARED_PIXELS = 16_000_000;

type ExtractOp = Extract<EditOp, { op: 'extract' }>;

const isHeic = (mime: string): boolean => mime === 'image/heic' || mime === 'image/heif';

/** The same classification as image.repository.ts: a user reads 'too large', 'not a photo' or 'damaged'. */
function mediaErrorOf(err: unknown): MediaError {
  if (err instanceof MediaError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new MediaError('too_large', message);
  if (/unsupported image format|not a known file format/i.test(message)) return new MediaError('unreadable', message);
  return new MediaError('damaged', message);
}

/** Plans that only frame and scale the upright photo can start from a smaller copy; a turn or a colour edit cannot. */
const framesOnly = (plan: EditPlan): boolean => plan.ops.every((op) => op.op === 'extract' || op.op === 'resize');

/** The divisor of the shared copy: 1 (the decoded photo itself) unless every plan reduces a JPEG enough. */
export function sharedDivisor(format: string | undefined, size: Size, plans: EditPlan[]): number {
  if (format !== 'jpeg') return 1;
  let reduction = Infinity;
  for (const plan of plans) {
    const source = plan.ops.find((op): op is ExtractOp => op.op === 'extract') ?? size;
    reduction = Math.min(reduction, source.width / plan.width, source.height / plan.height);
  }
  return SCALES.find((scale) => reduction >= scale.needs)?.divisor ?? 1;
}

/** An extract in the upright photo's pixels, moved onto a copy `scale` times its size and kept inside it. */
function scaledExtract(op: ExtractOp, scale: { x: number; y: number }, copy: Size): Omit<ExtractOp, 'op'> {
  const left = Math.min(Math.max(0, Math.round(op.left * scale.x)), copy.width - 1);
  const top = Math.min(Math.max(0, Math.round(op.top * scale.y)), copy.height - 1);
  const width = Math.min(Math.max(1, Math.round(op.width * scale.x)), copy.width - left);
  const height = Math.min(Math.max(1, Math.round(op.height * scale.y)), copy.height - top);
  return { left, top, width, height };
}

/**
 * Several derived images of one photo from a single decode. Upload processing makes the thumbnail, the square
 * and the big image of every photo; decoding a 12-megapixel JPEG is most of the cost of each, so the photo is
 * decoded once, already scaled down by the JPEG decoder as far as the largest of them allows, and each is cut
 * and resized from that copy in memory. Anything the shared copy cannot serve (HEIC, a turn, colour edits, a
 * copy too large to hold) is made one image at a time by image.repository.ts, exactly as when asked for alone.
 */
export function derivedSetRepository(files: MediaFileRepository, images: ImageRepository) {
  async function one(key: string, mime: string, params: EditParams, outputs: DerivedOutput[]): Promise<DerivedSetReport> {
    for (const out of outputs) await images.renderDerived(key, mime, params, out.kind, out.key);
    return { decodes: outputs.length, divisor: null };
  }

  return {
    /** Writes every output (each a whole file, as storage writes do); answers how the original was decoded. */
    async render(key: string, mime: string, params: EditParams, outputs: DerivedOutput[]): Promise<DerivedSetReport> {
      if (outputs.length === 0) return { decodes: 0, divisor: null };
      if (isHeic(mime) || outputs.length === 1) return one(key, mime, params, outputs);
      const input = await files.local(key);
      let meta: Metadata;
      try {
        meta = await sharp(input, DECODE).metadata();
      } catch (err) {
        throw mediaErrorOf(err);
      }
      const upright = meta.autoOrient;
      const plans = outputs.map((out) => planDerived(params, upright, out.kind));
      if (!plans.every(framesOnly)) return one(key, mime, params, outputs);
      const divisor = sharedDivisor(meta.format, upright, plans);
      const copy = { width: Math.floor(upright.width / divisor), height: Math.floor(upright.height / divisor) };
      if (copy.width * copy.height > MAX_SHARED_PIXELS || copy.width < 1 || copy.height < 1) return one(key, mime, params, outputs);

      try {
        let decode = sharp(input, DECODE).autoOrient();
        if (meta.hasAlpha) decode = decode.flatten({ background: '#ffffff' });
        // Rounded down so both sides shrink by at least the divisor, which is what picks the decoder's scaling.
        if (divisor > 1) decode = decode.resize(copy.width, copy.height, { fit: 'fill' });
        const { data, info } = await decode.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        const scale = { x: info.width / upright.width, y: info.height / upright.height };
        // In the order given: the caller lists first what people wait for.
        for (const [index, out] of outputs.entries()) {
          const plan = plans[index];
          let image = sharp(data, raw);
          let size: Size = info;
          const extract = plan.ops.find((op): op is ExtractOp => op.op === 'extract');
          if (extract) {
            const rect = scaledExtract(extract, scale, info);
            image = image.extract(rect);
            size = rect;
          }
          if (size.width !== plan.width || size.height !== plan.height) image = image.resize(plan.width, plan.height, { fit: 'fill' });
          await files.write(out.key, await image.jpeg(DERIVED_JPEG).toBuffer());
        }
      } catch (err) {
        throw mediaErrorOf(err);
      }
      return { decodes: 1, divisor };
    },
  };
}

export type DerivedSetRepository = ReturnType<typeof derivedSetRepository>;
