/**
 * The build's cache of expensive things (~/.cache/tribute/burner/, env TRIBUTE_BURNER_CACHE): Node binaries
 * unpacked from npm packages, injected helper executables and installers, each under a key made from everything
 * that goes into it, so an unchanged input costs a file copy and a changed one can never reuse a stale result.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const defaultCacheDir = (env: NodeJS.ProcessEnv = process.env): string =>
  path.resolve(env.TRIBUTE_BURNER_CACHE || path.join(os.homedir(), '.cache', 'tribute', 'burner'));

/** A short hex key over the given parts (strings or bytes), in order. */
export function cacheKey(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    // The length first, so ['ab', 'c'] and ['a', 'bc'] differ.
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The folder <cacheDir>/<kind>/<key>/ holding `file`: made by `make(tmpDir)` (which must write tmpDir/file) when it
 * is not there yet. The folder appears whole (renamed into place) or not at all, so an interrupted build never
 * leaves half an entry. Entries used last long ago are pruned: `keep` per kind and key prefix (the part of the key before '_', such
 * as the platform in 'linux-x64_3f2a...').
 */
export async function cached(cacheDir: string, kind: string, key: string, file: string, make: (tmpDir: string) => Promise<void>, keep = 4): Promise<string> {
  const dir = path.join(cacheDir, kind, key);
  const target = path.join(dir, file);
  if (existsSync(target)) {
    const now = new Date();
    utimesSync(dir, now, now);
    return target;
  }
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmp, { recursive: true });
  try {
    await make(tmp);
    if (!existsSync(path.join(tmp, file))) throw new Error(`cache ${kind}: the build step did not write ${file}.`);
    try {
      renameSync(tmp, dir);
    } catch (error) {
      // Another build (a parallel test process) put the same entry in place first: its copy is as good.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  prune(path.join(cacheDir, kind), key.split('_')[0], keep);
  return target;
}

/** Keeps the `keep` most recently used entries whose key starts with prefix (a platform, say). */
function prune(kindDir: string, prefix: string, keep: number): void {
  const entries = readdirSync(kindDir)
    .filter((name) => name.startsWith(`${prefix}_`) && !name.includes('.tmp-'))
    .map((name) => ({ name, used: statSync(path.join(kindDir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const entry of entries.slice(keep)) rmSync(path.join(kindDir, entry.name), { recursive: true, force: true });
}
