import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder } from '../cache/cache-dir.ts';
import type { Db } from '../db/database.ts';
import { clipArgs, STOCK_CLIP_SECONDS, STOCK_CLIP_VERSION, STOCK_CLIPS, tileArgs } from '../media/stock-clips.ts';
import { runTool } from '../repositories/run-tool.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';

export interface StockVideoRow {
  id: number;
  video_title: string;
  tags: string;
  generator: string | null;
  file_path: string | null;
  thumb_path: string | null;
  preview_path: string | null;
  duration: number | null;
  disabled: boolean;
}

/** One clip the library still has to place (the library preparation's piece). */
export interface StockClipPiece {
  key: string;
  ready(): Promise<boolean>;
  make(): Promise<boolean>;
}

export const stockClipCacheDir = (): string => cacheFolder(`stock-clips-v${STOCK_CLIP_VERSION}`);

const exists = (file: string): Promise<boolean> => stat(file).then((s) => s.size > 0, () => false);
/** A clip is a few seconds of ffmpeg on one core; a busy machine may take minutes. */
const TOOL_TIMEOUT_MS = 10 * 60_000;

/**
 * Makes a clip's tile still and hover preview (tileArgs): the drawn clips here, an uploaded one in
 * stock-video-files.ts, so both kinds of tile look the same in the slide editor's dialog.
 */
export async function makeTiles(clip: string, thumb: string, preview: string, stillAt?: number): Promise<void> {
  const [thumbArgs, previewArgs] = tileArgs(clip, thumb, preview, stillAt);
  await runTool('ffmpeg', thumbArgs, TOOL_TIMEOUT_MS);
  await runTool('ffmpeg', previewArgs, TOOL_TIMEOUT_MS);
}

/**
 * Draws the stock clips once per machine (cached outside the data folder by STOCK_CLIP_VERSION, each file written
 * beside its name and renamed, so it appears whole or not at all) and places them in storage under
 * stock_videos/{id}/, as the library preparation does for the stock songs.
 */
export function stockClipLibrary(deps: { db: Db; storage: StorageRepository; cacheDir?: string }) {
  const cacheDir = deps.cacheDir ?? stockClipCacheDir();
  const recipes = new Map(STOCK_CLIPS.map((c) => [c.key, c]));

  async function cached(key: string): Promise<{ clip: string; thumb: string; preview: string }> {
    const recipe = recipes.get(key);
    if (!recipe) throw new Error(`No stock clip recipe ${key}`);
    const files = { clip: path.join(cacheDir, `${key}.mp4`), thumb: path.join(cacheDir, `${key}.jpg`), preview: path.join(cacheDir, `${key}-preview.mp4`) };
    if ((await exists(files.clip)) && (await exists(files.thumb)) && (await exists(files.preview))) return files;
    await mkdir(cacheDir, { recursive: true });
    const tmp = (file: string) => `${file}.${process.pid}.tmp${path.extname(file)}`;
    try {
      await runTool('ffmpeg', clipArgs(recipe.recipe, tmp(files.clip)), TOOL_TIMEOUT_MS);
      await makeTiles(tmp(files.clip), tmp(files.thumb), tmp(files.preview));
      await rename(tmp(files.thumb), files.thumb);
      await rename(tmp(files.preview), files.preview);
      await rename(tmp(files.clip), files.clip);
    } finally {
      await Promise.all(Object.values(files).map((f) => rm(tmp(f), { force: true })));
    }
    return files;
  }

  const keysOf = (id: number) => ({ file_path: `stock_videos/${id}/clip.mp4`, thumb_path: `stock_videos/${id}/thumb.jpg`, preview_path: `stock_videos/${id}/preview.mp4` });

  async function placed(row: StockVideoRow): Promise<boolean> {
    if (!row.file_path || !row.thumb_path || !row.preview_path) return false;
    const stored = async (key: string): Promise<boolean> => ((await deps.storage.stat(key))?.size ?? 0) > 0;
    return (await stored(row.file_path)) && (await stored(row.thumb_path));
  }

  /** Makes (or copies from the cache) one clip and records its files; false when it was in place already. */
  async function make(row: StockVideoRow): Promise<boolean> {
    if (!row.generator || (await placed(row))) return false;
    const files = await cached(row.generator);
    const keys = keysOf(row.id);
    await deps.storage.write(keys.file_path, await readFile(files.clip));
    await deps.storage.write(keys.thumb_path, await readFile(files.thumb));
    await deps.storage.write(keys.preview_path, await readFile(files.preview));
    await deps.db('stock_videos').where({ id: row.id }).update({ ...keys, duration: STOCK_CLIP_SECONDS, updated_at: deps.db.fn.now() });
    return true;
  }

  const rows = (): Promise<StockVideoRow[]> => deps.db('stock_videos').whereNotNull('generator').where({ disabled: false }).orderBy('id');

  return {
    make,
    placed,
    /** The clips still to place, as library preparation pieces (after the songs, themes and look clips). */
    async pieces(): Promise<StockClipPiece[]> {
      return (await rows()).map((row) => ({ key: `stock-clip-${row.id}`, ready: () => placed(row), make: () => make(row) }));
    },
    /** How many offered clips are not in place yet (the dialog says so while it is above zero). */
    async preparing(): Promise<number> {
      let count = 0;
      for (const row of await rows()) if (!(await placed(row))) count++;
      return count;
    },
  };
}

export type StockClipLibrary = ReturnType<typeof stockClipLibrary>;
