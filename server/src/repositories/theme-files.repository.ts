import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder } from '../cache/cache-dir.ts';
import type { StorageRepository } from './storage.repository.ts';

/** Where drawn theme pictures are kept between runs, so tests, CI and a new data folder need not draw them again. */
export const defaultThemeCacheDir = (): string => cacheFolder('themes');

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/**
 * Theme pictures on disk: the current set of each theme in storage (themes/{id}/, with a `version` file naming
 * the design it was drawn from) and a cache of every set drawn, by version, outside the data folder.
 */
export function themeFilesRepository(storage: StorageRepository, cacheDir: string | null = defaultThemeCacheDir()) {
  return {
    /** A name of a storage folder unique to this data folder and storage, for this process's locks. */
    slot: (folder: string): string => storage.scratchFolder(folder),

    exists: async (key: string): Promise<boolean> => (await storage.stat(key)) !== null,

    /** The version noted in the folder's `marker` file (one per set of pictures kept there). */
    async readVersion(folder: string, marker = 'version'): Promise<string | null> {
      return (await storage.read(`${folder}/${marker}`))?.toString('utf8').trim() ?? null;
    },

    /** Writes the pictures, then the version: a set whose version file matches is always complete. */
    async writeSet(folder: string, files: Record<string, Buffer>, version: string, marker = 'version'): Promise<void> {
      for (const [name, data] of Object.entries(files)) await storage.write(`${folder}/${name}`, data);
      await storage.write(`${folder}/${marker}`, `${version}\n`);
    },

    async readCached(version: string, names: string[]): Promise<Record<string, Buffer> | null> {
      if (!cacheDir) return null;
      const files: Record<string, Buffer> = {};
      for (const name of names) {
        const data = await readOrNull(path.join(cacheDir, version, name));
        if (!data) return null;
        files[name] = data;
      }
      return files;
    },

    /** Fills a temporary folder and renames it into place, so a half-written set is never read. */
    async writeCached(version: string, files: Record<string, Buffer>): Promise<void> {
      if (!cacheDir) return;
      const final = path.join(cacheDir, version);
      const tmp = `${final}.${process.pid}.${Date.now()}.tmp`;
      try {
        await mkdir(tmp, { recursive: true });
        for (const [name, data] of Object.entries(files)) await writeFile(path.join(tmp, name), data);
        await rm(final, { recursive: true, force: true });
        await rename(tmp, final);
      } catch (err) {
        await rm(tmp, { recursive: true, force: true });
        // The cache only saves time; a read-only home folder must not stop the product.
        console.warn(`Theme picture cache not written: ${(err as Error).message}`);
      }
    },
  };
}

export type ThemeFilesRepository = ReturnType<typeof themeFilesRepository>;
