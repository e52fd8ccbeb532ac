import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAbandoned, isTempName } from '../repositories/temp-files.ts';

/** A cached copy unused this long is removed (a tool holds its copy far shorter; a new need fetches it again). */
export const CACHE_KEEP_MS = 6 * 3600_000;
/** How often a process trims its machine's cache (it also does on its first copy). */
const TRIM_EVERY_MS = 10 * 60_000;

/**
 * Keeps a machine's copies of object storage (DATA_DIR/storage-cache) from growing without end: copies unused for
 * CACHE_KEEP_MS (each use renews the file's time), and temporaries whose writer is gone (temp-files.ts), go.
 * Answers how many files were removed.
 */
export async function trimCache(root: string, now = Date.now()): Promise<number> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  const folders = new Set<string>();
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) {
      folders.add(full);
      continue;
    }
    const modified = await stat(full).then((s) => s.mtimeMs, () => null);
    if (modified === null) continue;
    if (isAbandoned(entry.name, modified, now) || (!isTempName(entry.name) && now - modified > CACHE_KEEP_MS)) {
      await rm(full, { force: true });
      removed++;
    }
  }
  // Emptied folders, deepest first; one a writer is filling again is not empty and stays, and one made in the last
  // minute is left to the copy about to be written into it.
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    const modified = await stat(folder).then((s) => s.mtimeMs, () => now);
    if (now - modified > 60_000) await rmdir(folder).catch(() => undefined);
  }
  return removed;
}

/** Runs trimCache now and then at most every TRIM_EVERY_MS, in the background; a failure is only logged. */
export function cacheTrimmer(root: string): () => void {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < TRIM_EVERY_MS) return;
    last = now;
    trimCache(root, now).catch((err: unknown) => console.warn(`Storage cache not trimmed: ${(err as Error).message}`));
  };
}
