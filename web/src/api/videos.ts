import useSWR from 'swr';
import type { WireOrganizationName, WireVideoList, WireVideoListItem } from '../../../server/src/wire/video.ts';
import { getJson, sendJson } from './http.ts';
import type { Camelized } from './types.ts';

export type VideoListItem = Camelized<WireVideoListItem>;
export type VideoList = Camelized<WireVideoList>;
export type OrganizationName = Camelized<WireOrganizationName>;

export const VIDEO_LIST_KEY = '/r/videos/list?context_org=0';

/** The videos list, fetched afresh whenever a page that shows it opens. */
export function useVideoList() {
  const { data, error, isLoading, mutate } = useSWR<VideoList>(VIDEO_LIST_KEY, (key: string) => getJson<VideoList>(key), {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  return { list: data, error, isLoading, mutate };
}

export const deleteVideo = (id: number) => sendJson<{ success: boolean }>('DELETE', `/r/videos/${id}`);
