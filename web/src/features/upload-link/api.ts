import useSWR from 'swr';
import type { WireUploadLink, WireUploadLinkChange } from '../../../../server/src/wire/upload-link.ts';
import { getJson, sendJson, type Camelized } from '../../api/index.ts';

export type UploadLink = Camelized<WireUploadLink>;
export type UploadLinkChange = Camelized<WireUploadLinkChange>;

export const uploadLinkKey = (videoId: number): string => `/r/videos/${videoId}/upload_link`;

export function useUploadLink(videoId: number) {
  return useSWR(uploadLinkKey(videoId), (key: string) => getJson<UploadLink>(key));
}

export const updateUploadLink = (videoId: number, change: UploadLinkChange) => sendJson<UploadLink>('PATCH', uploadLinkKey(videoId), change);
