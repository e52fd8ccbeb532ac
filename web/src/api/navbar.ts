import useSWR from 'swr';
import type { WireClientBroadcast, WireNavbar } from '../../../server/src/wire/navbar.ts';
import { getJson } from './http.ts';
import { useMe } from './session.ts';
import type { Camelized } from './types.ts';

export type Navbar = Camelized<WireNavbar>;
export type ClientBroadcast = Camelized<WireClientBroadcast>;

export const NAVBAR_KEY = '/r/navbar';
export const CLIENT_BROADCAST_KEY = '/r/systems/client_broadcast';
export const CLIENT_BROADCAST_POLL_MS = 60_000;

/** Keyed on who is signed in, so logging in, out or switching user refreshes the top bar at once. */
export function useNavbar() {
  const { me } = useMe();
  const key = me ? [NAVBAR_KEY, me.user?.id ?? 0, me.viaAdmin] : null;
  const { data, error, isLoading } = useSWR<Navbar>(key, ([path]: [string]) => getJson<Navbar>(path), { keepPreviousData: true });
  return { navbar: data, error, isLoading };
}

/** Polled every minute while the tab is visible (SWR skips interval refreshes for hidden tabs); failures stay quiet. */
export function useClientBroadcast() {
  const { data } = useSWR<ClientBroadcast>(CLIENT_BROADCAST_KEY, (key: string) => getJson<ClientBroadcast>(key, undefined, { alertErrors: false }), {
    refreshInterval: CLIENT_BROADCAST_POLL_MS,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
  });
  return data?.success ? data.broadcast : '';
}
