import useSWR from 'swr';
import type { WireObituaryStatus } from '../../../../../server/src/wire/obituary.ts';
import type { WireJobEnqueued, WireOverrideToggled, WireSilksNotified, WireVideoResources } from '../../../../../server/src/wire/video-admin.ts';
import { getJson, sendJson, type Camelized } from '../../../api/index.ts';

export type ObituaryStatus = Camelized<WireObituaryStatus>;
export type VideoResources = Camelized<WireVideoResources>;
export type OverrideToggled = Camelized<WireOverrideToggled>;

/** The jobs an admin may resubmit (spec 3 section 6), in the spec's order, with their button labels. */
export const RESUBMIT_JOBS = [
  { job: 'hd', label: 'Create HD Video' },
  { job: 'dvd', label: 'Rebuild DVD' },
  { job: 'notify', label: 'Notify User' },
  { job: 'postback', label: 'Video Postback' },
  { job: 'web', label: 'Create Web Video' },
] as const;

export type ResubmitJob = (typeof RESUBMIT_JOBS)[number]['job'];

const videoPath = (videoId: number, action: string) => `/r/videos/${videoId}/${action}`;

export const deleteVideoAsAdmin = (videoId: number) => sendJson<{ success: true }>('POST', videoPath(videoId, 'delete'));
export const restoreVideo = (videoId: number) => sendJson<{ success: true }>('POST', videoPath(videoId, 'undelete'));

/** The server's errors are alerted by sendJson (spec 3 section 8: "the returned errors are alerted"). */
export const toggleOverride = (videoId: number) => sendJson<OverrideToggled>('POST', videoPath(videoId, 'toggle_override_length_limit'));

/** Results are shown beside the buttons, so no alert here. */
export const enqueueJob = (videoId: number, job: ResubmitJob) =>
  sendJson<Partial<Camelized<WireJobEnqueued>> & { success: boolean }>('POST', videoPath(videoId, `enqueue_job/${job}`), undefined, { alertErrors: false });

export const notifySilks = (videoId: number) => sendJson<Camelized<WireSilksNotified>>('POST', videoPath(videoId, 'notify_silk'), undefined, { alertErrors: false });

export function useObituaryStatus(videoId: number) {
  return useSWR<ObituaryStatus, Error>(`/r/obituaries/status?video_id=${videoId}`, (path: string) => getJson<ObituaryStatus>(path), { revalidateOnFocus: false });
}

export function useVideoResources(videoId: number) {
  return useSWR<VideoResources, Error>(videoPath(videoId, 'resources'), (path: string) => getJson<VideoResources>(path), { revalidateOnFocus: false });
}

export const debugUrl = (videoId: number): string => videoPath(videoId, 'debug');
export const resourcesPageUrl = (videoId: number): string => `/videos/${videoId}/resources`;
export const coverPhotoUrl = (videoId: number): string => `/downloads/cover_photo/${videoId}`;
