import type { WireSong, WireSongList, WireSongUpload, WireStockCategory, WireStockList, WireStockSong, WireTiming } from '../../../server/src/wire/song.ts';
import { camelize } from './case.ts';
import { getLiveSocketId, LIVE_SOCKET_HEADER } from './context.ts';
import { getJson, sendJson, ServerProblem, withSecurityHash } from './http.ts';
import type { VideoRef } from './slides.ts';
import type { Camelized } from './types.ts';

/** Music calls of spec 1 section 7. `video` is the numeric id, or the family link's hash on link pages. */
export type VideoSong = Camelized<WireSong>;
export type Timing = Camelized<WireTiming>;
export type SongList = Camelized<WireSongList>;
export type UploadedSong = Camelized<WireSongUpload>;
export type StockSong = Camelized<WireStockSong>;
export type StockCategory = Camelized<WireStockCategory>;
export type StockList = Camelized<WireStockList>;

export interface SongOptions {
  trimStart: number;
  trimEnd: number;
  crossfade: boolean;
  volume: number;
}

export const STOCK_LIST_KEY = '/r/songs/stock_list';

export const fetchStockList = () => getJson<StockList>(STOCK_LIST_KEY);

export const favoriteStockSong = (stockSongId: number, favorite: boolean) =>
  sendJson<{ favorite: boolean }>('POST', favorite ? '/r/songs/favorite_song' : '/r/songs/unfavorite_song', { stockSongId });

export const fetchSongList = (video: VideoRef) => getJson<SongList>(`/r/songs/song_list/${encodeURIComponent(String(video))}`);

/** Kept alive: the music page sends a timing change still waiting for its moment as the page is left. */
export const updateTiming = (video: VideoRef, settings: { automatic: boolean; slideTime: number; repeatMusic: boolean }) =>
  sendJson<{ timing: Timing }>('POST', '/r/songs/update_timing', { videoId: video, ...settings }, { keepalive: true });

export const deleteSong = (video: VideoRef, songId: number) => sendJson<{ timing: Timing }>('POST', `/r/songs/delete/${songId}`, { videoId: video });

export const attachStockSongs = (video: VideoRef, stockSongIds: number[]) =>
  sendJson<{ songs: VideoSong[]; timing: Timing }>('POST', '/r/songs/attach_stock', { videoId: video, stockSongId: stockSongIds });

export const saveSongOptions = (video: VideoRef, songId: number, options: SongOptions) =>
  sendJson<{ timing: Timing }>('POST', '/r/songs/save_options', { videoId: video, songId, ...options });

export const reorderSongs = (video: VideoRef, songIds: number[]) =>
  sendJson<{ success?: boolean }>('POST', '/r/songs/reorder', { videoId: video, songId: songIds }, { alertErrors: false });

/** The server's message from an `{errors: [message]}` body, else what the status says. */
function uploadMessage(status: number, body: string): string {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && String(errors[0])) return String(errors[0]);
  } catch {
    // Not JSON (a proxy's error page): fall back to the status.
  }
  return `Server problem: ${status}`;
}

/**
 * Uploads one audio file with progress (fetch cannot report upload progress). Rejects with a ServerProblem whose
 * status is 0 when no answer came (offline, connection dropped) and with an AbortError when the signal aborts.
 */
export function uploadSong(video: VideoRef, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedSong> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withSecurityHash(`/songs/upload/${encodeURIComponent(String(video))}`));
    xhr.setRequestHeader('Accept', 'application/json');
    const socket = getLiveSocketId();
    if (socket) xhr.setRequestHeader(LIVE_SOCKET_HEADER, socket);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const reply = camelize<UploadedSong & { errors?: string[] }>(JSON.parse(text));
          if (!reply.errors?.length) return resolve(reply);
        } catch {
          // Reported below as a server problem.
        }
      }
      reject(new ServerProblem(xhr.status, uploadMessage(xhr.status, text)));
    };
    xhr.onerror = () => reject(new ServerProblem(0, 'The connection to the server was lost.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
