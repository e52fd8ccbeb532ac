import { createHash, randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Scenes drawn on this machine in the last minutes, shared by its worker processes. A slide's scene is drawn for
 * three segments (the transition into it, its own frames and the transition out of it), usually made within
 * seconds of each other by different workers; each draw decodes the photo and composes it at the supersampled
 * size. A segment gets its own hard link to the cached file in its scratch folder, so pruning the cache never takes
 * a picture from under a running ffmpeg; a scene pruned too early is only drawn again.
 */
export function sceneCache(dir: string, keep = 48) {
  let pruning: Promise<void> | null = null;

  async function prune(): Promise<void> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.rgb'));
    if (names.length <= keep) return;
    const aged = await Promise.all(names.map(async (name) => ({ name, at: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })));
    aged.sort((a, b) => b.at - a.at);
    await Promise.all(aged.slice(keep).map(({ name }) => rm(path.join(dir, name), { force: true })));
  }

  /** `to` made a copy of `from`, by a link where the two share a file system. */
  async function place(from: string, to: string): Promise<void> {
    await link(from, to).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EXDEV' && err.code !== 'EPERM') throw err;
      await copyFile(from, to);
    });
  }

  return {
    /**
     * Writes the scene named by `identity` (everything it is drawn from) to `out`: from the cache when this machine
     * drew it lately, else by `draw`, which is then kept for the next segment that needs it.
     */
    async scene(identity: unknown, out: string, draw: (out: string) => Promise<void>): Promise<void> {
      const cached = path.join(dir, `${createHash('sha256').update(JSON.stringify(identity)).digest('hex')}.rgb`);
      try {
        await place(cached, out);
        const now = new Date();
        await utimes(cached, now, now).catch(() => undefined);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      await draw(out);
      // Linked under a name no other draw uses (two segments of one process often draw the same scene in the same
      // millisecond), then renamed: another worker never finds half a scene. Keeping it is only a saving: a scene
      // that cannot be kept never fails the segment that drew it.
      const partial = `${cached}.${randomUUID()}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await place(out, partial);
        await rename(partial, cached);
      } catch (err) {
        console.warn(`[scenes] a drawn scene could not be kept for the next segment: ${(err as Error).message}`);
        await rm(partial, { force: true });
      }
      pruning ??= prune()
        .catch(() => undefined)
        .finally(() => (pruning = null));
    },
  };
}

export type SceneCache = ReturnType<typeof sceneCache>;

/** The machine's scene cache, in its temporary folder (the scenes are raw pixels: megabytes each, worth minutes). */
export const machineSceneCache = (engine: string): SceneCache => sceneCache(path.join(os.tmpdir(), `tribute-scenes-${engine}`));
