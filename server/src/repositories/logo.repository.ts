import sharp from 'sharp';
import type { StorageRepository } from './storage.repository.ts';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_SIZE = 600;

/** Formats a logo may arrive in; SVG is left out because its renderer can reach other files. */
const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif', 'tiff', 'avif', 'heif']);

export class NotAnImageError extends Error {}

/** Organization and brand logos: decoded, normalised to a PNG of at most 600x600, kept in storage. */
export function logoRepository(storage: StorageRepository) {
  return {
    /** A PNG no larger than 600x600 with orientation applied; NotAnImageError when the bytes are no picture. */
    async normalise(input: Buffer): Promise<Buffer> {
      const image = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' });
      const meta = await image.metadata().catch(() => undefined);
      if (!meta?.format || !ACCEPTED.has(meta.format)) throw new NotAnImageError();
      try {
        return await image
          .rotate()
          .resize(LOGO_MAX_SIZE, LOGO_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
          .png({ compressionLevel: 9 })
          .toBuffer();
      } catch {
        throw new NotAnImageError();
      }
    },
    async save(key: string, png: Buffer): Promise<void> {
      await storage.write(key, png);
    },
    /** The stored PNG; logos are small, so it is read whole rather than streamed. */
    async read(key: string): Promise<Buffer | undefined> {
      return (await storage.read(key).catch(() => null)) ?? undefined;
    },
  };
}

export type LogoRepository = ReturnType<typeof logoRepository>;
