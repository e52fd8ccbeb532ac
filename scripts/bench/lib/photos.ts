import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Bump when the generated photos change, so stale caches are not measured. */
const GENERATOR = 'noise-blobs-v1';
export const BENCH_WIDTH = 4000;
export const BENCH_HEIGHT = 3000;

const cacheDir = path.join(os.homedir(), '.cache', 'tribute', 'bench', `photos-${BENCH_WIDTH}x${BENCH_HEIGHT}-${GENERATOR}`);

/** Soft coloured blobs with grain: compresses like a real photo (about 5 MB at quality 88). */
async function generate(file: string): Promise<void> {
  const seed = await sharp({
    create: {
      width: Math.round(BENCH_WIDTH / 3),
      height: Math.round(BENCH_HEIGHT / 3),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  writeFileSync(file, await sharp(seed).resize(BENCH_WIDTH, BENCH_HEIGHT, { kernel: 'cubic' }).jpeg({ quality: 88 }).toBuffer());
}

/** `count` 12-megapixel JPEGs, generated once and kept in ~/.cache/tribute/bench. */
export async function benchPhotos(count: number): Promise<string[]> {
  mkdirSync(cacheDir, { recursive: true });
  const files = Array.from({ length: count }, (_, i) => path.join(cacheDir, `photo-${String(i).padStart(3, '0')}.jpg`));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) console.log(`Generating ${missing.length} photos in ${cacheDir} ...`);
  for (const file of missing) await generate(file);
  return files;
}
