import type { Db } from '../db/database.ts';
import type { PicturePart, ThemeAssetsService } from '../themes/theme-assets.service.ts';
import type { ThemeDesign } from '../themes/types.ts';
import type { ShowcaseClip } from './render-showcase.service.ts';
import type { StockSongLibrary } from './stock-song-library.service.ts';

/** Preparation runs this many pieces at once: each is one process on one core (fluidsynth, librsvg, ffmpeg). */
export const PREPARE_LANES = 2;

/** pg_try_advisory_lock key: one process prepares at a time, so no piece is made twice by two servers. */
export const LOCK_KEY = 0x7472_6962; // 'trib'

export interface LibraryPreparationDeps {
  db: Db;
  songs: StockSongLibrary;
  themeAssets: ThemeAssetsService;
  /** The themes' designs as stored (the catalogue's, with what the themes page changed), in the order people meet them. */
  designs: () => readonly ThemeDesign[] | Promise<readonly ThemeDesign[]>;
  showcase: {
    themeClips(): Promise<ShowcaseClip[]>;
    lookClips(): Promise<ShowcaseClip[]>;
    ensureTheme(id: number): Promise<unknown>;
  };
  /** The stock video clips, made last, after `whenReady` (services/stock-clip-library.service.ts). */
  stockClips?: { pieces(): Promise<ShowcaseClip[]> };
  lanes?: number;
  /** Called once the songs, theme pictures and previews are in place (the demo videos' renders wait for it). */
  whenReady?: () => Promise<void>;
  log?: (line: string) => void;
}

interface Piece {
  key: string;
  make(): Promise<unknown>;
}

/**
 * Makes what a new installation shows before anyone asks: the stock songs first (the music page was empty for
 * half an hour), then the pictures the theme picker shows, then each theme's looping preview, then the themes'
 * closing scenes and disc artwork (PICTURE_PARTS), then the look modifiers' clips, and
 * only then lets the demo videos render. Two pieces at a time keep both cores busy; every piece is cached outside
 * the data folder by its generator's version, so a second start or a new data folder only copies files. A piece a
 * page asks for before its turn (`urgentSong`, `urgentThemePreview`) is made at once, ahead of the queue, and
 * never twice: the lanes and the request share one promise per piece.
 */
export function libraryPreparation(deps: LibraryPreparationDeps) {
  const lanes = deps.lanes ?? PREPARE_LANES;
  const log = deps.log ?? ((line: string) => console.log(line));
  const inflight = new Map<string, Promise<void>>();
  let running: Promise<void> | undefined;
  /** Set when the process stops: the lanes finish the piece in hand and take no more. */
  let stopping = false;

  function once(piece: Piece): Promise<void> {
    let job = inflight.get(piece.key);
    if (!job) {
      job = piece
        .make()
        .then(() => undefined)
        .finally(() => inflight.delete(piece.key));
      inflight.set(piece.key, job);
    }
    return job;
  }

  const songPiece = (song: Awaited<ReturnType<StockSongLibrary['pending']>>[number]): Piece => ({
    key: `song-${song.row.id}`,
    make: () => deps.songs.make(song),
  });
  const picturesPiece = (design: ThemeDesign, part: PicturePart): Piece => ({
    key: `theme-pictures-${design.id}-${part}`,
    make: () => deps.themeAssets.ensure(design, [part]),
  });
  const clipPiece = (clip: ShowcaseClip): Piece => ({ key: clip.key, make: () => clip.make() });

  /**
   * The pieces the pickers and the demo videos need that are still missing, in order. Each stage is looked at only
   * when the one before has been handed out: a theme's preview needs its pictures, and looking at it earlier would
   * draw them out of turn.
   */
  async function* missing(): AsyncGenerator<Piece> {
    for (const song of await deps.songs.pending()) yield songPiece(song);
    for (const design of await deps.designs()) if (!(await deps.themeAssets.placed(design, 'opening'))) yield picturesPiece(design, 'opening');
    for (const clip of await deps.showcase.themeClips()) if (!(await clip.ready())) yield clipPiece(clip);
    // The last scene and the disc artwork only a full render or a label needs: after every picker is complete.
    for (const design of await deps.designs()) if (!(await deps.themeAssets.placed(design, 'closing'))) yield picturesPiece(design, 'closing');
    for (const clip of await deps.showcase.lookClips()) if (!(await clip.ready())) yield clipPiece(clip);
  }

  /** The slide editor's stock clips: made after the demo videos' renders are queued, which nobody should wait behind. */
  async function* missingClips(): AsyncGenerator<Piece> {
    for (const clip of (await deps.stockClips?.pieces()) ?? []) if (!(await clip.ready())) yield clipPiece(clip);
  }

  /** Makes the pieces `lanes` at a time, each once; a failed piece is left for the next scheduled run. */
  async function makeAll(pieces: AsyncGenerator<Piece>, first: Piece): Promise<{ made: number; failed: string[]; took: string }> {
    const held: Piece[] = [first];
    const take = async (): Promise<Piece | undefined> => (stopping ? undefined : (held.shift() ?? (await pieces.next()).value ?? undefined));
    const started = Date.now();
    let made = 0;
    const failed: string[] = [];
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let piece = await take(); piece; piece = await take()) {
          try {
            await once(piece);
            made++;
          } catch (err) {
            failed.push(piece.key);
            console.error(`Preparing ${piece.key} failed:`, err);
          }
        }
      }),
    );
    return { made, failed, took: `${made} made in ${Math.round((Date.now() - started) / 1000)} s` };
  }

  /** Holds the cross-process lock on one connection of its own while `work` runs; false when another process holds it. */
  async function alone(work: () => Promise<void>): Promise<boolean> {
    const client = deps.db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<void> };
    const connection = await client.acquireConnection();
    try {
      const { rows } = await connection.query('select pg_try_advisory_lock($1) as locked', [LOCK_KEY]);
      if (!rows[0]?.locked) return false;
      try {
        await work();
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
      }
      return true;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  async function prepare(): Promise<void> {
    await alone(async () => {
      await deps.songs.syncLengths();
      const pieces = missing();
      const first = await pieces.next();
      if (!first.done) {
        log('Preparing the stock music and theme pictures in the background (a few minutes on a first start)...');
        const { failed, took } = await makeAll(pieces, first.value);
        // A piece that failed is tried again by the next scheduled run; the demo renders wait for a complete library.
        if (stopping) return log(`Stock music and theme pictures: ${took}; the rest is made at the next start.`);
        if (failed.length) return log(`Stock music and theme pictures: ${took}; still to prepare after a failure: ${failed.join(', ')}.`);
        log(`Stock music and theme pictures ready: ${took}.`);
      }
      await deps.whenReady?.();
      const clips = missingClips();
      const firstClip = await clips.next();
      if (firstClip.done || stopping) return;
      const { failed, took } = await makeAll(clips, firstClip.value);
      if (failed.length) log(`Stock video clips: ${took}; still to prepare after a failure: ${failed.join(', ')}.`);
      else if (!stopping) log(`Stock video clips ready: ${took}.`);
    });
  }

  return {
    /** Prepares whatever is missing unless this process or another is at it already; resolves when that run ends. */
    start(): Promise<void> {
      if (stopping) return Promise.resolve();
      running ??= prepare().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** Lets the pieces in hand finish and starts no more (the server is stopping); resolves when the run has ended. */
    async stop(): Promise<void> {
      stopping = true;
      await running;
    },

    /** A song a page needs now (a video's song whose audio is not made yet): made at once, ahead of the queue. */
    async urgentSong(stockSongId: number): Promise<void> {
      const song = (await deps.songs.pending()).find((s) => s.row.id === stockSongId);
      if (song) await once(songPiece(song));
    },

    /** A theme's preview a picker asked for before its turn. */
    urgentThemePreview(themeId: number): Promise<void> {
      return once({ key: `theme-${themeId}`, make: () => deps.showcase.ensureTheme(themeId) });
    },

    /** How many of the songs the music dialog offers are still being made (hidden or premium ones are not counted). */
    async songsPreparing(): Promise<number> {
      return (await deps.songs.pending()).filter(({ row }) => !row.preview_path && !row.disabled && !row.premium).length;
    },

    /** How many of these themes still lack their pictures or their looping preview. */
    async themesPreparing(themeIds: number[]): Promise<number> {
      const designs = new Map((await deps.designs()).map((d) => [d.id, d]));
      let count = 0;
      for (const id of themeIds) {
        const design = designs.get(id);
        const pictures = !design || (await deps.themeAssets.placed(design, 'opening'));
        if (!pictures || !(await deps.themeAssets.previewExists(id))) count++;
      }
      return count;
    },

    /** Whether a preparation run holds the lock in any process (the render watchdog leaves the demo videos until it ends). */
    async running(): Promise<boolean> {
      const { rows } = await deps.db.raw<{ rows: unknown[] }>(
        `select 1 from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = ? and objsubid = 1
           and database = (select oid from pg_database where datname = current_database())`,
        [LOCK_KEY],
      );
      return rows.length > 0;
    },
  };
}

interface PgConnection {
  query(text: string, values: unknown[]): Promise<{ rows: { locked?: boolean }[] }>;
}

export type LibraryPreparation = ReturnType<typeof libraryPreparation>;
