import useSWR from 'swr';
import type { WireCreatorVideo } from '../../../../server/src/wire/video.ts';
import { getJson, type Camelized, type VideoRef } from '../../api/index.ts';

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
export const videoFileUrl = (videoCode: string, file: 'hd.mp4' | 'web.mp4'): string => `/downloads/video/${encodeURIComponent(videoCode)}/${file}`;
