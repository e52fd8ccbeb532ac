import useSWR from 'swr';
import type { WireVideoSongRow } from '../../../../../server/src/wire/embed.ts';
import { getJson, type Camelized } from '../../../api/index.ts';

export type VideoSongRow = Camelized<WireVideoSongRow>;

/** GET /r/videos/{id}/songs, loaded when the View Songs dialog opens. */
export function useVideoSongs(videoId: number) {
  const { data, error, mutate } = useSWR<VideoSongRow[], Error>(`/r/videos/${videoId}/songs`, (key: string) => getJson<VideoSongRow[]>(key));
  return { songs: data, error, reload: () => void mutate() };
}

export const snapshotUrl = (videoId: number): string => `/downloads/snapshot/${videoId}`;
export const galleryPath = (videoId: number): string => `/slides/gallery/${videoId}`;
export const photosDownloaderPath = (videoId: number): string => `/slides/downloader/${videoId}/`;
