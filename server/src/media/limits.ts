/**
 * What we accept, checked before anything is decoded: a small file can still decode to a huge image,
 * so the pixel count is read from the header and the decoder is told the same limit.
 */
export const MAX_IMAGE_BYTES = 80 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 4 * 1024 * 1024 * 1024;
export const MAX_PIXELS = 100_000_000;

export const MAX_MEGAPIXELS = MAX_PIXELS / 1_000_000;

export function maxBytesFor(kind: 'image' | 'video'): number {
  return kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
}
