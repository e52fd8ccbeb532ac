import type { StorageRepository } from './storage.repository.ts';

export interface StoredFile {
  /** Storage key (relative to the media folder, '/' separated). */
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/** Every file stored under a folder key (the admin's resources page). */
export function videoFilesRepository(storage: StorageRepository) {
  return {
    async list(folderKey: string): Promise<StoredFile[]> {
      const files: StoredFile[] = [];
      for (const key of await storage.list(folderKey)) {
        // A file may go between the listing and its stat (a prune, say).
        const info = await storage.stat(key);
        if (info) files.push({ key, bytes: info.size, modifiedAt: info.modified });
      }
      return files;
    },
  };
}

export type VideoFilesRepository = ReturnType<typeof videoFilesRepository>;
