import useSWR, { mutate } from 'swr';
import type {
  WireCreatorVideo,
  WireMadeEditable,
  WireSetupOptions,
  WireSetupOrganization,
  WireVideoCreated,
  WireVideoSetupInput,
} from '../../../server/src/wire/video.ts';
import { getJson, sendJson } from './http.ts';
import type { VideoRef } from './slides.ts';
import type { Camelized } from './types.ts';

/** Creator pages and video setup (spec 1, sections 2.1, 2.2 and 7). */
export type CreatorVideo = Camelized<WireCreatorVideo>;
export type SetupOrganization = Camelized<WireSetupOrganization>;
export type VideoSetupInput = Camelized<WireVideoSetupInput>;

/** The same key the details page reads the video with, so creator pages and details share one copy. */
export const creatorVideoKey = (video: VideoRef) => `/r/videos/${encodeURIComponent(String(video))}`;

export function useCreatorVideo(video: VideoRef | null) {
  const { data, error, mutate } = useSWR<CreatorVideo, Error>(video === null ? null : creatorVideoKey(video), (key: string) => getJson<CreatorVideo>(key), {
    revalidateOnFocus: false,
  });
  return { video: data, error, reload: () => mutate() };
}

/** The signed-in user's organization, for a video that does not exist yet. */
export function useSetupOptions(enabled: boolean) {
  const { data, error } = useSWR<Camelized<WireSetupOptions>, Error>(enabled ? '/r/videos/setup_options' : null, (key: string) => getJson(key), {
    revalidateOnFocus: false,
  });
  return { organization: data?.organization, error };
}

/** Setup saves show their errors under the form, not in the alert dialog. */
export const createVideo = (video: VideoSetupInput, userId: number | undefined) =>
  sendJson<Camelized<WireVideoCreated>>('POST', '/r/videos', { video, userId }, { alertErrors: false });

/**
 * PATCH /r/videos/{id} answers the video as saved, which becomes the shared copy. Kept alive: a save the setup page
 * starts as it is left (closed, reloaded, Back to another site) still lands.
 */
export async function updateVideo(video: VideoRef, changes: VideoSetupInput): Promise<CreatorVideo> {
  const saved = await sendJson<CreatorVideo>('PATCH', creatorVideoKey(video), { video: changes }, { alertErrors: false, keepalive: true });
  void mutate(creatorVideoKey(video), saved, { revalidate: false });
  return saved;
}

/** The video as the server has it now (after a refused save), also made the shared copy. */
export async function readCreatorVideo(video: VideoRef): Promise<CreatorVideo> {
  const current = await getJson<CreatorVideo>(creatorVideoKey(video));
  void mutate(creatorVideoKey(video), current, { revalidate: false });
  return current;
}

/** Posts to the edit link the server gave with the video (spec 1, section 2.1: the read-only notice's Edit). */
export const makeVideoEditable = (editLink: string) => sendJson<Camelized<WireMadeEditable>>('POST', editLink);
