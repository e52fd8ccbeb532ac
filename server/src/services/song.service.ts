import { SLIDE_TIME_ERROR } from '../../../common/timing.ts';
import { parseTime, TIME_FORM_ERROR, TIME_POSITIVE_ERROR } from '../../../common/time-format.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { SongRepository, SongRow, SongWithFiles } from '../repositories/song.repository.ts';
import type { StockSongRepository } from '../repositories/stock-song.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireSong, WireSongList, WireTiming } from '../wire/song.ts';
import { toWireTiming, type SongTimingService } from './song-timing.service.ts';
import { ACCESS_FULL, ACCESS_UPLOAD_ONLY, isReadOnly, type VideoAccess } from './video-access.ts';

/** Who is calling: the access decision, the family hash for URLs, and the socket to leave out of live sync. */
export interface SongCaller {
  access: VideoAccess;
  securityHash?: string;
  socketId: string | null;
}

export interface SongServiceDeps {
  songs: SongRepository;
  stock: Pick<StockSongRepository, 'findVisible'>;
  videos: Pick<VideoRepository, 'update'>;
  timing: SongTimingService;
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

type Body = Record<string, unknown>;

export const MAX_VOLUME = 200;
/** A slide time beyond an hour is a typing slip, not a wish. */
const MAX_SLIDE_TIME = 3600;
/** Trims must leave a little music to hear. */
const MIN_PLAYED_SECONDS = 1;

const hashQuery = (hash?: string): string => (hash ? `&security_hash=${encodeURIComponent(hash)}` : '');

export const songPreviewUrl = (song: Pick<SongWithFiles, 'id' | 'preview_version'>, hash?: string): string =>
  `/r/songs/${song.id}/preview.mp3?v=${encodeURIComponent(song.preview_version)}${hashQuery(hash)}`;

export function toWireSong(song: SongWithFiles, hash?: string): WireSong {
  return {
    id: song.id,
    stock_song_id: song.stock_song_id,
    song_orig_name: song.song_orig_name,
    title: song.title,
    artist: song.artist,
    song_length: song.song_length,
    preview_url: songPreviewUrl(song, hash),
    volume: song.volume,
    trim_start: song.trim_start,
    trim_end: song.trim_end,
    crossfade: song.crossfade,
  };
}

/** true/false as JSON or form values; undefined when absent; anything else is refused. */
export function flagField(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw new AppError(400, 'Invalid input.');
}

/** Seconds as a number, a numeric string or MM:SS.00; the spec's texts for what is not. */
function secondsField(body: Body, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d*\.?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (Number.isNaN(seconds)) {
    const parsed = parseTime(String(value));
    if (!parsed.ok) throw new AppError(400, parsed.error);
    return parsed.seconds;
  }
  if (!Number.isFinite(seconds)) throw new AppError(400, TIME_FORM_ERROR);
  if (seconds < 0) throw new AppError(400, TIME_POSITIVE_ERROR);
  return seconds;
}

function volumeField(body: Body): number | undefined {
  const value = body.volume;
  if (value === undefined) return undefined;
  const volume = Number(value);
  if (value === '' || value === null || !Number.isFinite(volume) || volume < 0 || volume > MAX_VOLUME) {
    throw new AppError(400, `Volume should be between 0 and ${MAX_VOLUME}.`);
  }
  return Math.round(volume);
}

/** Whether this caller may upload music files: staff may; a family link needs both the video's and the organization's permission. */
export function canUploadMusic(access: VideoAccess, organizationAllows: boolean): boolean {
  if (isReadOnly(access.video)) return false;
  if (access.linkLevel === undefined) return true;
  return access.linkLevel === ACCESS_FULL && access.video.upload_link_allow_music_upload && organizationAllows;
}

/** The music manager's calls on a video's songs and timing; every change tells the video's other editors. */
export function songService(deps: SongServiceDeps) {
  const { songs } = deps;

  async function timingOf(video: VideoRow): Promise<WireTiming> {
    return toWireTiming(await deps.timing.timing(video));
  }

  async function changed(caller: SongCaller, video: VideoRow = caller.access.video): Promise<WireTiming> {
    await deps.notify(video.id, caller.socketId);
    return timingOf(video);
  }

  async function songOf(caller: SongCaller, songId: number): Promise<SongWithFiles> {
    const song = await songs.find(songId);
    if (!song || song.video_id !== caller.access.video.id) throw notFound();
    return song;
  }

  return {
    async list(caller: SongCaller): Promise<WireSongList> {
      const { video } = caller.access;
      const rows = await songs.listActive(video.id);
      const organizationAllows = caller.access.linkLevel === undefined || (await songs.musicUploadAvailable(video.organization_id));
      return {
        songs: rows.map((row) => toWireSong(row, caller.securityHash)),
        timing: await timingOf(video),
        automatic: video.automatic_timing,
        repeat_music: video.repeat_music,
        slide_time: video.slide_time,
        has_uploaded_songs: rows.some((row) => row.stock_song_id === null),
        upload_enabled: canUploadMusic(caller.access, organizationAllows),
        // An upload-only family link (level 2) may only add photos: the music page is theirs to see, not to change.
        read_only: isReadOnly(video) || caller.access.linkLevel === ACCESS_UPLOAD_ONLY,
      };
    },

    /** Adds stock songs after the video's songs, in the order chosen; hidden or unknown ones are refused. */
    async attachStock(caller: SongCaller, stockIds: number[]): Promise<{ songs: WireSong[]; timing: WireTiming }> {
      if (!stockIds.length) throw new AppError(400, 'Please choose at least one song.');
      const found = await deps.stock.findVisible(stockIds);
      const byId = new Map(found.map((s) => [s.id, s]));
      if (stockIds.some((id) => !byId.has(id))) throw notFound();
      const videoId = caller.access.video.id;
      const added = await songs.append(
        videoId,
        stockIds.map((id) => {
          const stock = byId.get(id)!;
          return { video_id: videoId, stock_song_id: id, song_orig_name: stock.song_name, title: stock.song_name, artist: stock.artist_name, song_length: stock.song_length };
        }),
      );
      const rows = await songs.listActive(videoId);
      const addedIds = new Set(added.map((s) => s.id));
      const timing = await changed(caller);
      return { songs: rows.filter((r) => addedIds.has(r.id)).map((r) => toWireSong(r, caller.securityHash)), timing };
    },

    async remove(caller: SongCaller, songId: number): Promise<WireTiming> {
      await songOf(caller, songId);
      await songs.softDelete(caller.access.video.id, songId);
      return changed(caller);
    },

    async saveOptions(caller: SongCaller, songId: number, body: Body): Promise<WireTiming> {
      const song = await songOf(caller, songId);
      const values: Partial<SongRow> = {};
      const trimStart = secondsField(body, 'trim_start');
      const trimEnd = secondsField(body, 'trim_end');
      const crossfade = flagField(body, 'crossfade');
      const volume = volumeField(body);
      if (trimStart !== undefined) values.trim_start = trimStart;
      if (trimEnd !== undefined) values.trim_end = trimEnd;
      if (crossfade !== undefined) values.crossfade = crossfade;
      if (volume !== undefined) values.volume = volume;
      const played = song.song_length - (values.trim_start ?? song.trim_start) - (values.trim_end ?? song.trim_end);
      if (played < MIN_PLAYED_SECONDS) throw new AppError(400, 'The trims leave no music to play. Please shorten them.');
      if (Object.keys(values).length) await songs.update(caller.access.video.id, songId, values);
      return changed(caller);
    },

    async updateTiming(caller: SongCaller, body: Body): Promise<WireTiming> {
      const values: Partial<VideoRow> = {};
      const automatic = flagField(body, 'automatic');
      const repeat = flagField(body, 'repeat_music');
      if (automatic !== undefined) values.automatic_timing = automatic;
      if (repeat !== undefined) values.repeat_music = repeat;
      if (body.slide_time !== undefined) {
        const seconds = typeof body.slide_time === 'number' || typeof body.slide_time === 'string' ? Number(body.slide_time) : NaN;
        if (body.slide_time === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SLIDE_TIME) throw new AppError(400, SLIDE_TIME_ERROR);
        values.slide_time = seconds;
      }
      const video = Object.keys(values).length ? await deps.videos.update(caller.access.video.id, values) : caller.access.video;
      return changed(caller, video);
    },

    async reorder(caller: SongCaller, orderedIds: number[]): Promise<WireTiming> {
      await songs.reorder(caller.access.video.id, orderedIds);
      return changed(caller);
    },
  };
}

export type SongService = ReturnType<typeof songService>;
