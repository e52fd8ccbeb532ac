import type { VideoSong } from '../../api/index.ts';

/** Spec 1 section 3 "Song in the manager": a saved song, or a file on its way to becoming one. */
export interface UploadError {
  message: string;
  /** Permanent errors stop the upload and turn the row red; others are retried. */
  permanent: boolean;
}

export interface ManagerSong {
  /** Stable React key: the song id once saved, the upload id before. */
  key: string;
  id: number | null;
  uploadId: string | null;
  title: string;
  artist: string;
  /** Seconds. */
  length: number;
  previewUrl: string | null;
  volume: number;
  trimStart: number;
  trimEnd: number;
  crossfade: boolean;
  stockSongId: number | null;
  uploading: boolean;
  /** 0..1 of the file sent. */
  progress: number;
  uploadError: UploadError | null;
}

export const DEFAULT_VOLUME = 100;

/**
 * A stock song whose audio a new installation is still making: its length is not known yet (the server makes it
 * at once when the page asks, and live sync brings the length).
 */
export const isPreparing = (song: Pick<ManagerSong, 'id' | 'stockSongId' | 'length'>): boolean =>
  song.id !== null && song.stockSongId !== null && !(song.length > 0);

/** A file name without its extension, for songs that carry no title of their own. */
export const nameOf = (fileName: string): string => fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || fileName;

export function fromServer(song: VideoSong): ManagerSong {
  return {
    key: `song-${song.id}`,
    id: song.id,
    uploadId: null,
    title: song.title || nameOf(song.songOrigName),
    artist: song.artist,
    length: song.songLength,
    previewUrl: song.previewUrl || null,
    volume: song.volume ?? DEFAULT_VOLUME,
    trimStart: song.trimStart,
    trimEnd: song.trimEnd,
    crossfade: song.crossfade,
    stockSongId: song.stockSongId,
    uploading: false,
    progress: 1,
    uploadError: null,
  };
}

export function fromUpload(uploadId: string, fileName: string, progress: number, uploadError: UploadError | null): ManagerSong {
  return {
    key: `upload-${uploadId}`,
    id: null,
    uploadId,
    title: nameOf(fileName),
    artist: '',
    length: 0,
    previewUrl: null,
    volume: DEFAULT_VOLUME,
    trimStart: 0,
    trimEnd: 0,
    crossfade: false,
    stockSongId: null,
    uploading: !uploadError?.permanent,
    progress,
    uploadError,
  };
}

/** Spec 1 section 4: the row's tooltip and action. */
export type RowAction = 'Delete' | 'Clear' | 'Cancel';

export function rowAction(song: ManagerSong): RowAction {
  if (song.id !== null && !song.uploading) return 'Delete';
  return song.uploadError?.permanent ? 'Clear' : 'Cancel';
}

export const isSaved = (song: ManagerSong): song is ManagerSong & { id: number } => song.id !== null && !song.uploading;
