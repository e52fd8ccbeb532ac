import sharp from 'sharp';
import type { SmallPicture } from '../media/similarity.ts';

/** Long edge of the pictures the duplicate check compares: enough for a 40-cell grid after a 30 % crop. */
export const SMALL_EDGE = 128;

/** A photo or derived image as small RGB pixels, upright by its EXIF orientation, for media/similarity.ts. */
export async function smallPicture(input: string | Buffer, edge = SMALL_EDGE): Promise<SmallPicture> {
  const { data, info } = await sharp(input, { failOn: 'none' })
    .rotate()
    .resize(edge, edge, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
