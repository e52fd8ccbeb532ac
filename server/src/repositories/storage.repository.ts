import path from 'node:path';
import { localStorage } from '../storage/local-storage.ts';
import { s3Storage } from '../storage/s3-storage.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import type { S3Settings } from '../storage/storage-settings.ts';

/**
 * The only code that knows where media files live: the local data folder (the default) or an S3-compatible bucket
 * (STORAGE_URL, storage/storage-settings.ts). Keys are relative paths ('videos/12/slides/...'); every write appears
 * whole or not at all, so a crash never leaves a half file.
 */
export function storageRepository(dataDir: string, s3: S3Settings | null = null) {
  const backend: StorageBackend = s3 ? s3Storage(s3, dataDir) : localStorage(dataDir);
  const local = s3 ? null : localStorage(dataDir);
  return {
    backend,
    kind: backend.kind,
    /** The local media folder (where the local backend keeps files). */
    root: path.join(dataDir, 'media'),
    /**
     * The absolute path of a key in the local media folder. Only the local backend has one: with object storage,
     * code that needs a file on disk asks `localCopy`, so a caller not yet moved to it fails loudly, never silently.
     */
    resolve(key: string): string {
      if (!local) throw new Error(`'${key}' is in object storage (STORAGE_URL): read it with localCopy, not a local path.`);
      return local.resolve(key);
    },
    write: (key: string, data: Buffer | string): Promise<void> => backend.put(key, data),
    read: (key: string): Promise<Buffer | null> => backend.get(key),
    stat: backend.stat,
    stream: backend.stream,
    list: backend.list,
    removeTree: (key: string): Promise<void> => backend.remove(key),
    localCopy: backend.localCopy,
    trimCache: backend.trimCache,
    scratchFolder: backend.scratchFolder,
    scratchPath: backend.scratchPath,
    publish: backend.publish,
  };
}

export type StorageRepository = ReturnType<typeof storageRepository>;
