import useSWR from 'swr';
import type { WireCreatorVideo } from '../../../../server/src/wire/video.ts';
import { getJson, sendJson, type Camelized, type VideoRef } from '../../api/index.ts';

export type VideoDetails = Camelized<WireCreatorVideo>;

export const videoKey = (video: VideoRef) => `/r/videos/${encodeURIComponent(String(video))}`;

/** GET /r/videos/{id}: the video as the details and finalize pages read it. */
export function useVideoDetails(video: VideoRef) {
  const { data, error, isLoading, mutate } = useSWR<VideoDetails, Error>(videoKey(video), (key: string) => getJson<VideoDetails>(key), {
    revalidateOnFocus: false,
  });
  return { video: data, error, isLoading, reload: () => void mutate() };
}

/** Download addresses of the finished video (HTTP Range). */
export const videoFileUrl = (videoCode: string, file: 'hd.mp4' | 'web.mp4' | 'dvd.iso'): string => `/downloads/video/${encodeURIComponent(videoCode)}/${file}`;

/** Where a finished file can be downloaded, keyed by source: 'primary' (this server) and the alternate servers. */
export type DownloadUrls = Record<string, string>;

/** POST /downloads/hd: the HD video's sources and size (the Download HD button's server menu). */
export const fetchHdSources = (videoId: number) => sendJson<{ urls: DownloadUrls; hdSize: number | null }>('POST', '/downloads/hd', { videoId }, { alertErrors: false });

/** POST /downloads/request_iso: starts the DVD image when needed; a null stage means it is ready. */
export const requestIso = (videoId: number) => sendJson<{ progressStage: string | null }>('POST', '/downloads/request_iso', { videoId }, { alertErrors: false });

/** POST /downloads/iso: the ready DVD image's sources, size and SHA-256. */
export const fetchIso = (videoId: number) => sendJson<{ urls: DownloadUrls; isoSize: number; sha256: string }>('POST', '/downloads/iso', { videoId }, { alertErrors: false });

/** Starts the browser's download of a file (the server sends it as an attachment, so the page stays). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
