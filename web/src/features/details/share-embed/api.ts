import useSWR from 'swr';
import type { WireEmbedSettings, WireToggleEmbed } from '../../../../../server/src/wire/embed.ts';
import type { WireShareLog } from '../../../../../server/src/wire/share.ts';
import { getJson, sendJson, type Camelized } from '../../../api/index.ts';

export type EmbedSettings = Camelized<WireEmbedSettings>;
export type EmbedToggle = Camelized<WireToggleEmbed>;

/** How the share log groups shares of the video's own link (the upload link's are 'upload_link'). */
export const VIDEO_SHARE_TYPE = 'video';

const embedKey = (videoId: number) => `/r/videos/${videoId}/embed`;

/** GET /r/videos/{id}/embed: the tab's flags, embed codes, link and share words. */
export function useEmbedSettings(videoId: number) {
  const { data, error, mutate } = useSWR<EmbedSettings, Error>(embedKey(videoId), (key: string) => getJson<EmbedSettings>(key), { revalidateOnFocus: false });
  return { settings: data, error, mutate, reload: () => void mutate() };
}

/** POST /r/videos/{id}/toggle_embed; the tab shows a failure itself (no alert dialog). */
export const toggleEmbed = (videoId: number, change: EmbedToggle) =>
  sendJson<EmbedSettings>('POST', `/r/videos/${videoId}/toggle_embed`, change, { alertErrors: false });

/** GET /share_logs.json for the video's link. */
export function useVideoShareLog(videoId: number) {
  const key = `/share_logs.json?video_id=${videoId}&share_type=${VIDEO_SHARE_TYPE}`;
  const { data, error, mutate } = useSWR<Camelized<WireShareLog>, Error>(key, (k: string) => getJson<Camelized<WireShareLog>>(k), { revalidateOnFocus: false });
  return { rows: data, error, reload: () => void mutate() };
}
