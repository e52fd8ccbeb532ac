import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempPath } from './temp-files.ts';

/**
 * The only code that knows where media files live. Keys are relative paths ('videos/12/slides/...');
 * writes go to a temporary name and are renamed into place so a crash never leaves a half file.
 */
export function storageRepository(dataDir: string) {
  const root = path.join(dataDir, 'media');
  const resolve = (key: string): string => {
    const full = path.resolve(root, key);
    if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`Storage key escapes the media folder: ${key}`);
    return full;
  };
  return {
    root,
    resolve,
    async write(key: string, data: Buffer | string): Promise<void> {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Named for its writer, so one left by a killed process can be told from one being written (temp-files.ts).
      const tmp = tempPath(full);
      try {
        await writeFile(tmp, data);
        await rename(tmp, full);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async removeTree(key: string): Promise<void> {
      await rm(resolve(key), { recursive: true, force: true });
    },
  };
}

export type StorageRepository = ReturnType<typeof storageRepository>;
