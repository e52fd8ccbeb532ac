import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageRepository } from './storage.repository.ts';

export interface StoredFile {
  /** Storage key (relative to the media folder, '/' separated). */
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/** Every file stored under a folder key, walked on disk (the admin's resources page). */
export function videoFilesRepository(storage: StorageRepository) {
  return {
    async list(folderKey: string): Promise<StoredFile[]> {
      const root = storage.resolve(folderKey);
      let names: string[];
      try {
        names = await readdir(root, { recursive: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const files: StoredFile[] = [];
      for (const name of names.sort()) {
        // A file may go between the listing and its stat (a prune, a temporary renamed into place).
        const info = await stat(path.join(root, name)).catch(() => undefined);
        if (!info?.isFile()) continue;
        files.push({ key: `${folderKey}/${name.split(path.sep).join('/')}`, bytes: info.size, modifiedAt: info.mtime });
      }
      return files;
    },
  };
}

export type VideoFilesRepository = ReturnType<typeof videoFilesRepository>;
