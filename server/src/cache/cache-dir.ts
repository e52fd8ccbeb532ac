import os from 'node:os';
import path from 'node:path';

/**
 * The machine's cache of generated assets (stock music, theme pictures, the pickers' clips), shared by every
 * checkout, data folder and CI run: TRIBUTE_CACHE_DIR, else $XDG_CACHE_HOME/tribute, else ~/.cache/tribute. Each
 * kind keeps its files under a name that carries its generator's version, so a new version never reads an old file.
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TRIBUTE_CACHE_DIR) return path.resolve(env.TRIBUTE_CACHE_DIR);
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'tribute');
}

export const cacheFolder = (name: string, env: NodeJS.ProcessEnv = process.env): string => path.join(cacheRoot(env), name);
