/** Wire shapes (snake_case) of the music calls: spec 1 sections 3 and 7, and the /settings/stock_songs page. */

/** A song of a video, as the music manager lists it. */
export interface WireSong {
  id: number;
  /** Null for an uploaded song. */
  stock_song_id: number | null;
  /** The uploaded file's name; the stock song's title for stock songs. */
  song_orig_name: string;
  title: string;
  artist: string;
  /** Seconds. */
  song_length: number;
  /** An MP3 the browser plays (HTTP Range); carries security_hash for upload-link callers. */
  preview_url: string;
  /** Percent 0..200. */
  volume: number;
  /** Seconds cut from the start. */
  trim_start: number;
  /** Seconds cut from the end. */
  trim_end: number;
  /** Overlaps the song before it by 4 seconds (no effect on the first song). */
  crossfade: boolean;
}

/** Seconds, from common/timing.ts; `warnings` holds the spec's warning texts that apply. */
export interface WireTiming {
  /** Seconds per slide: the automatic fit to the music, or the video's own value. */
  slide: number;
  video: number;
  music: number;
  warnings: string[];
}

export interface WireSongList {
  songs: WireSong[];
  timing: WireTiming;
  automatic: boolean;
  repeat_music: boolean;
  /** The video's own seconds per slide (used when automatic is off). */
  slide_time: number;
  /** True when a song was uploaded rather than taken from the stock library (the licence warning). */
  has_uploaded_songs: boolean;
  /** Whether this caller may upload music files (the Upload tab). */
  upload_enabled: boolean;
  /** The video is finalized: every change is refused until it is reopened. */
  read_only: boolean;
}

export interface WireSongUpload {
  song_id: number;
  song_length: number;
  preview_url: string;
  filename: string;
  title: string;
  artist: string;
  song: WireSong;
  timing: WireTiming;
}

export interface WireStockSong {
  id: number;
  song_name: string;
  artist_name: string;
  song_length: number;
  preview_url: string;
  /** Always false for callers who are not signed in. */
  favorite: boolean;
}

export interface WireStockCategory {
  id: number;
  name: string;
}

export interface WireStockSongCategory {
  stock_song_category_id: number;
  stock_song_id: number;
}

export interface WireStockList {
  stock_songs: WireStockSong[];
  stock_categories: WireStockCategory[];
  song_categories: WireStockSongCategory[];
  /** Songs of the library still being made on a new installation; they join stock_songs as they finish. */
  preparing: number;
}

/** A stock song as the administrators' page shows it, hidden ones included. */
export interface WireAdminStockSong {
  id: number;
  song_name: string;
  artist_name: string;
  song_length: number;
  /** Null while the song's audio is still being made. */
  preview_url: string | null;
  disabled: boolean;
  premium: boolean;
  /** Composed in code (the seeded library) rather than uploaded. */
  composed: boolean;
  category_ids: number[];
}

export interface WireAdminStockLibrary {
  stock_songs: WireAdminStockSong[];
  stock_categories: WireStockCategory[];
}
