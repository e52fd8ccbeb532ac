import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { StorageRepository } from './storage.repository.ts';

/**
 * File operations the media side needs on top of storage: partial reads, hashing, local copies for the tools that
 * open files themselves, and outputs written by those tools (ffmpeg writes a temporary file itself; it becomes the
 * key's file only when it succeeded).
 */
export function mediaFileRepository(storage: StorageRepository) {
  return {
    /** The absolute path of a key in the local media folder; only the local backend has one (prefer `local`). */
    path: (key: string): string => storage.resolve(key),

    /** A local file holding the key's content, for tools that open files themselves (storage.localCopy). */
    local: (key: string): Promise<string> => storage.localCopy(key),

    write: (key: string, data: Buffer): Promise<void> => storage.write(key, data),

    /** Removes a file, or a folder and everything under it. */
    remove: (key: string): Promise<void> => storage.removeTree(key),

    /** Size, time and version, or null when the file is not there; with `stream`, what sendStored serves from. */
    stat: storage.stat,
    stream: storage.stream,
    /** The local folder where this machine writes the temporaries of keys under a folder. */
    scratchFolder: storage.scratchFolder,
    scratchPath: storage.scratchPath,
    publish: storage.publish,

    /** Up to `length` bytes from `offset` (fewer at the end of the file). */
    async read(key: string, offset: number, length: number): Promise<Buffer> {
      const info = await storage.stat(key);
      if (!info) throw Object.assign(new Error(`Not in storage: ${key}`), { code: 'ENOENT' });
      const end = Math.min(offset + length, info.size) - 1;
      if (end < offset) return Buffer.alloc(0);
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.stream(key, { start: offset, end })) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    },

    /** Size in bytes, or null when the file is not there. */
    async size(key: string): Promise<number | null> {
      return (await storage.stat(key))?.size ?? null;
    },

    async sha256(key: string): Promise<string> {
      const hash = createHash('sha256');
      await pipeline(await storage.stream(key), hash);
      return hash.digest('hex');
    },

    /**
     * Lets a tool write to a temporary path for the key; it becomes the key's file only if `make` succeeds. What a
     * writer of the same key left when it was killed (a retried job comes here again) is removed first.
     */
    async writeVia(key: string, make: (tmpPath: string) => Promise<void>): Promise<void> {
      const tmp = await storage.scratchPath(key);
      try {
        await make(tmp);
        await storage.publish(key, tmp);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    /** Removes the files in a folder whose names start with `prefix`, except `keep`. */
    async removeOthers(folderKey: string, prefix: string, keep: string): Promise<void> {
      for (const key of await storage.list(folderKey)) {
        const name = key.slice(folderKey.length + 1);
        if (!name.includes('/') && name.startsWith(prefix) && name !== keep && !name.includes('.tmp')) await storage.removeTree(key);
      }
    },
  };
}

export type MediaFileRepository = ReturnType<typeof mediaFileRepository>;
