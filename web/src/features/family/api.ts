import useSWR from 'swr';
import type { WireFamilyUploadLink, WireUploadsDone } from '../../../../server/src/wire/upload-link.ts';
import { getJson, sendJson, type Camelized } from '../../api/index.ts';

export type FamilyLink = Camelized<WireFamilyUploadLink>;

/** Read once: after Done the link answers 410, and the page keeps showing its thank-you. */
export function useFamilyLink(hash: string) {
  return useSWR(`/r/videos/${encodeURIComponent(hash)}/upload_link`, (key: string) => getJson<FamilyLink>(key), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

export const markUploadsDone = (hash: string) => sendJson<Camelized<WireUploadsDone>>('POST', `/r/uploads/done/${encodeURIComponent(hash)}`);
