import { MediaError } from '../media/media-error.ts';
import { ffprobeRepository, type VideoProbe } from '../repositories/ffprobe.repository.ts';
import { mediaFileRepository } from '../repositories/media-file.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import { makeTiles } from './stock-clip-library.service.ts';

/** A stock clip is a background for a few slides, not a film: longer uploads are refused. */
export const STOCK_VIDEO_MAX_SECONDS = 180;

/** What is wrong with an uploaded clip, in words for the form. */
export class StockVideoFileProblem extends Error {}

/** Formats ffprobe names for an MP4 or a QuickTime file (one demuxer reads both). */
const PLAYABLE = /\b(mp4|mov)\b/;

/**
 * Puts an uploaded stock clip where the drawn ones live (stock_videos/{id}/clip.mp4), after the slide workspace's
 * own ffprobe has read it, with the tile still and hover preview the drawn clips get (makeTiles), so the slide
 * editor's dialog offers it and Add N Clips copies it like any other. Answers the stock_videos columns to set; a
 * file that is not a playable clip throws StockVideoFileProblem and leaves nothing behind.
 */
export function stockVideoFiles(storage: StorageRepository, tiles: typeof makeTiles = makeTiles) {
  const files = mediaFileRepository(storage);
  const probe = ffprobeRepository(files);

  return async function store(id: number, data: Buffer): Promise<Record<string, unknown>> {
    const folder = `stock_videos/${id}`;
    const staged = `${folder}/upload.mp4`;
    await storage.write(staged, data);
    let facts: VideoProbe;
    try {
      facts = await probe.probe(staged);
      if (!PLAYABLE.test(facts.formatName)) throw new StockVideoFileProblem('The video must be an MP4 or MOV clip.');
      if (facts.durationSeconds > STOCK_VIDEO_MAX_SECONDS) throw new StockVideoFileProblem(`The video must be at most ${STOCK_VIDEO_MAX_SECONDS / 60} minutes long.`);
    } catch (err) {
      await storage.removeTree(staged);
      if (err instanceof MediaError) throw new StockVideoFileProblem('This file is not a video we can read. Please choose an MP4 or MOV clip.');
      throw err;
    }
    const keys = { file_path: `${folder}/clip.mp4`, thumb_path: `${folder}/thumb.jpg`, preview_path: `${folder}/preview.mp4` };
    await storage.removeTree(staged);
    await storage.write(keys.file_path, data);
    // A short clip has no frame at 3 s, where the drawn clips take their still.
    const stillAt = Math.min(3, facts.durationSeconds / 2);
    const clip = await files.local(keys.file_path);
    await files.writeVia(keys.thumb_path, (thumb) => files.writeVia(keys.preview_path, (preview) => tiles(clip, thumb, preview, stillAt)));
    // A drawn clip given a file of its own is an uploaded one from now on: the library must not draw it again.
    return { ...keys, duration: facts.durationSeconds, generator: null };
  };
}
