import { copyFile, link } from 'node:fs/promises';
import type { Db } from '../db/database.ts';
import { findTrack } from '../music/catalogue.ts';
import type { TrackSpec } from '../music/types.ts';
import { audioRepository } from '../repositories/audio.repository.ts';
import { fluidsynthRepository } from '../repositories/fluidsynth.repository.ts';
import { loudnessRepository } from '../repositories/loudness.repository.ts';
import { mediaFileRepository, type MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import { stockSongRepository, type StockSongRepository, type StockSongRow } from '../repositories/stock-song.repository.ts';
import { musicCacheDir, stockSongRenderer, type StockSongRenderer } from './stock-song-render.service.ts';

export interface StockSongLibraryDeps {
  stock: StockSongRepository;
  files: MediaFileRepository;
  renderer: StockSongRenderer;
  /** Told which videos' songs changed length once a song's audio is in place (live sync refreshes their pages). */
  lengthsChanged?: (videoIds: number[]) => Promise<void>;
}

/** A composed song whose files are missing or older than its composition. */
export interface PendingSong {
  row: StockSongRow;
  spec: TrackSpec;
}

/** Puts a cached file into storage: a hard link when both live on one disk, else a copy. */
async function place(files: MediaFileRepository, source: string, key: string): Promise<void> {
  await files.writeVia(key, (tmp) => link(source, tmp).catch(() => copyFile(source, tmp)));
}

/**
 * The composed part of the stock library: rows for the catalogue's tracks, and their audio, rendered (or taken
 * from the cache) and placed in storage. A track appears in the music dialog once its files are in place.
 */
export function stockSongLibrary(deps: StockSongLibraryDeps) {
  const { stock, files, renderer } = deps;

  async function upToDate(row: StockSongRow, version: string): Promise<boolean> {
    if (row.composition_version !== version || !row.file_path || !row.preview_path) return false;
    return (await files.size(row.file_path)) !== null && (await files.size(row.preview_path)) !== null;
  }

  /** Video songs take the stock songs' measured lengths; the pages of the videos that changed are told. */
  async function syncLengths(stockSongId?: number): Promise<void> {
    const videos = await stock.syncSongLengths(stockSongId);
    if (videos.length) await deps.lengthsChanged?.(videos);
  }

  async function make({ row, spec }: PendingSong): Promise<void> {
    const track = await renderer.render(spec);
    const folder = `stock_songs/${row.id}`;
    const audioKey = `${folder}/${spec.id}-${track.version}.m4a`;
    const previewKey = `${folder}/${spec.id}-${track.version}.mp3`;
    await place(files, track.audioFile, audioKey);
    await place(files, track.previewFile, previewKey);
    await stock.update(row.id, {
      file_path: audioKey,
      preview_path: previewKey,
      song_length: Math.round(track.seconds * 1000) / 1000,
      composition_version: track.version,
    });
    for (const old of [row.file_path, row.preview_path]) {
      if (old && old !== audioKey && old !== previewKey) await files.remove(old);
    }
    await syncLengths(row.id);
  }

  async function pending(): Promise<PendingSong[]> {
    const found: PendingSong[] = [];
    for (const row of await stock.listComposed()) {
      const spec = row.composition_key ? findTrack(row.composition_key) : undefined;
      if (spec && !(await upToDate(row, renderer.versionOf(spec)))) found.push({ row, spec });
    }
    return found;
  }

  return {
    /** Rows (and categories) for the tracks not in the library yet; songs already there keep any admin edits. */
    async seed(specs: TrackSpec[]): Promise<void> {
      const categoryIds = new Map<string, number>();
      for (const name of new Set(specs.flatMap((s) => s.categories))) {
        const category = (await stock.findCategoryByName(name)) ?? (await stock.createCategory(name));
        categoryIds.set(name, category.id);
      }
      for (const spec of specs) {
        const row = await stock.createComposed({ composition_key: spec.id, song_name: spec.title, artist_name: spec.composer });
        if (row) await stock.link(row.id, spec.categories.map((name) => categoryIds.get(name)!));
      }
    },

    /** The composed songs still to be made, in the library's order. */
    pending,

    /** Renders (or takes from the cache) one song's files, puts them in place and brings every video song that plays it up to date. */
    make,

    /** Brings video songs whose length differs from their stock song's audio up to date (rows from before a fix). */
    syncLengths: () => syncLengths(),

    /** Makes every pending song, one after another; answers how many were (re)made. */
    async renderPending(): Promise<number> {
      const songs = await pending();
      for (const song of songs) await make(song);
      return songs.length;
    },
  };
}

export type StockSongLibrary = ReturnType<typeof stockSongLibrary>;

let sharedRenderer: StockSongRenderer | undefined;

/** The renderer with its tools (fluidsynth, ffmpeg) and the machine's music cache; one per process, so each track is composed once. */
export const defaultRenderer = (): StockSongRenderer =>
  (sharedRenderer ??= stockSongRenderer({ fluidsynth: fluidsynthRepository(), loudness: loudnessRepository(), audio: audioRepository(), cacheDir: musicCacheDir() }));

/** The library wired to a database and storage, for the seed, the job and the admin page. */
export function stockSongLibraryFor(
  db: Db,
  storage: StorageRepository,
  renderer: StockSongRenderer = defaultRenderer(),
  lengthsChanged?: StockSongLibraryDeps['lengthsChanged'],
): StockSongLibrary {
  return stockSongLibrary({ stock: stockSongRepository(db), files: mediaFileRepository(storage), renderer, lengthsChanged });
}
