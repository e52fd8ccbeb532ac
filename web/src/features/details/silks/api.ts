import useSWR from 'swr';
import type { WireSilk } from '../../../../../server/src/wire/silk.ts';
import { getJson, sendJson, type Camelized } from '../../../api/index.ts';

export type Silk = Camelized<WireSilk>;

export const silkStatusKey = (videoId: number): string => `/r/silks/status/${videoId}`;

/**
 * GET /r/silks/status/{videoId}: the organization's devices and what each holds of the video. Polled at the interval
 * the caller works out from the latest list (0: not polled); never while the tab is hidden, and failures stay
 * quiet (spec 1: no error dialog) and keep the last list.
 */
export function useSilks(videoId: number, pollMs: (latest: Silk[] | undefined) => number) {
  const { data, mutate } = useSWR<Silk[], Error>(silkStatusKey(videoId), (key: string) => getJson<Silk[]>(key, undefined, { alertErrors: false }), {
    refreshInterval: pollMs,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { silks: data, recheck: () => mutate() };
}

/** POST /r/silks/toggle: switches the video on or off for the device (by its device id). */
export const toggleSilk = (videoId: number, deviceId: string, state: boolean) => sendJson<Silk>('POST', '/r/silks/toggle', { videoId, deviceId, state });
