import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isTempName, sweepAbandoned, tempPath } from '../repositories/temp-files.ts';
import { missing, type StorageBackend, type StoredFile, type StoredRange } from './storage-backend.ts';

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

/** A rename, or a copy when the file is on another disk (a scratch folder elsewhere). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    const tmp = tempPath(to);
    try {
      await copyFile(from, tmp);
      await rename(tmp, to);
    } finally {
      await rm(tmp, { force: true });
      await rm(from, { force: true });
    }
  }
}

/** Media in DATA_DIR/media: the default backend, and what every machine used before object storage. */
export function localStorage(dataDir: string) {
  const root = path.join(dataDir, 'media');
  const resolve = (key: string): string => {
    const full = path.resolve(root, key);
    if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`Storage key escapes the media folder: ${key}`);
    return full;
  };
  const backend = {
    kind: 'local' as const,
    root,
    /** The absolute path of a key (only this backend has one). */
    resolve,
    async put(key: string, data: Buffer | string): Promise<void> {
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
    async get(key: string): Promise<Buffer | null> {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },
    async stat(key: string): Promise<StoredFile | null> {
      try {
        const info = await stat(resolve(key));
        if (!info.isFile()) return null;
        return { size: info.size, modified: info.mtime, version: `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}` };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stream(key: string, range?: StoredRange): Promise<Readable> {
      const full = resolve(key);
      // Opened first, so a missing file rejects here rather than as a stream error after the headers went out.
      const handle = await open(full, 'r').catch((err: unknown) => {
        throw isMissing(err) ? missing(key) : err;
      });
      await handle.close();
      return createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },
    async list(folderKey: string): Promise<string[]> {
      const folder = resolve(folderKey);
      let entries;
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return [];
        throw err;
      }
      return entries
        .filter((e) => e.isFile() && !isTempName(e.name))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    },
    async remove(key: string): Promise<void> {
      await rm(resolve(key), { recursive: true, force: true });
    },
    localCopy: async (key: string): Promise<string> => resolve(key),
    // The files themselves, never a copy.
    trimCache: async (): Promise<number> => 0,
    // Beside the files themselves.
    scratchFolder: resolve,
    async scratchPath(key: string): Promise<string> {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // What a writer of the same key left when it was killed (a retried job comes here again) goes first.
      await sweepAbandoned(path.dirname(full), { prefix: `${path.basename(full, path.extname(full))}.` });
      return tempPath(full);
    },
    async publish(key: string, localFile: string): Promise<void> {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await moveFile(localFile, full);
    },
  };
  return backend satisfies StorageBackend;
}

export { moveFile };
