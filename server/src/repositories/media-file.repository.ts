import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StorageRepository } from './storage.repository.ts';
import { sweepAbandoned, tempPath } from './temp-files.ts';

/**
 * File operations the media side needs on top of storage: partial reads, hashing, and outputs written by
 * external tools (ffmpeg writes a temporary file itself; we rename it into place only when it succeeded).
 */
export function mediaFileRepository(storage: StorageRepository) {
  return {
    /** The absolute path of a key, for tools that open files themselves. */
    path: (key: string): string => storage.resolve(key),

    write: (key: string, data: Buffer): Promise<void> => storage.write(key, data),

    /** Up to `length` bytes from `offset` (fewer at the end of the file). */
    async read(key: string, offset: number, length: number): Promise<Buffer> {
      const file = await open(storage.resolve(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await file.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },

    /** Size in bytes, or null when the file is not there. */
    async size(key: string): Promise<number | null> {
      try {
        return (await stat(storage.resolve(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async sha256(key: string): Promise<string> {
      const hash = createHash('sha256');
      await pipeline(createReadStream(storage.resolve(key)), hash);
      return hash.digest('hex');
    },

    /**
     * Lets a tool write to a temporary path beside the key; renamed into place only if `make` succeeds. What a
     * writer of the same key left when it was killed (a retried job comes here again) is removed first.
     */
    async writeVia(key: string, make: (tmpPath: string) => Promise<void>): Promise<void> {
      const full = storage.resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const ext = path.extname(full);
      await sweepAbandoned(path.dirname(full), { prefix: `${path.basename(full, ext)}.` });
      const tmp = tempPath(full);
      try {
        await make(tmp);
        await rename(tmp, full);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    /** Removes the files in a folder whose names start with `prefix`, except `keep`. */
    async removeOthers(folderKey: string, prefix: string, keep: string): Promise<void> {
      let names: string[];
      try {
        names = await readdir(storage.resolve(folderKey));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const name of names) {
        if (name.startsWith(prefix) && name !== keep && !name.includes('.tmp')) {
          await rm(path.join(storage.resolve(folderKey), name), { force: true });
        }
      }
    },
  };
}

export type MediaFileRepository = ReturnType<typeof mediaFileRepository>;
