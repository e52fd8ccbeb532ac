/**
 * Whether a photo's EXIF says a camera exposed it. An orientation tag is only worth trusting from a camera, whose
 * sensor knew which way was up; scanners, scanning apps and image editors write Orientation 1 (and libvips writes
 * an Exif block of its own) for a print that may lie in the glass any way round. A camera records its exposure:
 * exposure time, f-number or ISO speed, in the Exif sub-IFD. Reads the raw block sharp's metadata() gives.
 */

/** IFD0's pointer to the Exif sub-IFD. */
const EXIF_IFD_POINTER = 0x8769;
/** ExposureTime, FNumber, ISOSpeedRatings (PhotographicSensitivity). */
const EXPOSURE_TAGS = [0x829a, 0x829d, 0x8827];
/** A guard against a looping or huge directory in a damaged file. */
const MAX_ENTRIES = 1000;

/** The tag ids of IFD0 and of the Exif sub-IFD; empty when the block is not readable. */
export function exifTagIds(exif: Buffer): Set<number> {
  const ids = new Set<number>();
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const tiff = exif.subarray(start);
  if (tiff.length < 8) return ids;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return ids;
  const little = order === 'II';
  const u16 = (at: number) => (at + 2 <= tiff.length ? (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)) : -1);
  const u32 = (at: number) => (at + 4 <= tiff.length ? (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)) : -1);
  const readIfd = (offset: number): number | undefined => {
    const count = u16(offset);
    if (offset < 8 || count < 0 || count > MAX_ENTRIES) return undefined;
    let pointer: number | undefined;
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      const tag = u16(entry);
      if (tag < 0) break;
      ids.add(tag);
      if (tag === EXIF_IFD_POINTER) pointer = u32(entry + 8);
    }
    return pointer;
  };
  const exifIfd = readIfd(u32(4));
  if (exifIfd !== undefined && exifIfd > 0) readIfd(exifIfd);
  return ids;
}

/** True when the EXIF records an exposure: a camera (or phone) took the picture. */
export const exposedByCamera = (exif: Buffer): boolean => {
  const ids = exifTagIds(exif);
  return EXPOSURE_TAGS.some((tag) => ids.has(tag));
};
