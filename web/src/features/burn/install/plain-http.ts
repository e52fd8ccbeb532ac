import useSWR from 'swr';
import { DENIM_PATHS, type DenimTransport } from '../../../../../common/helper-update.ts';

/**
 * Whether this server lets the burn path use plain http (ALLOW_PLAIN_HTTP, issue 33): the install dialog then warns
 * before anyone installs the tool. false while unknown or when the server does not answer, so the dialog never
 * waits on it.
 */
export function usePlainHttpAllowed(wanted: boolean): boolean {
  const { data } = useSWR(wanted ? DENIM_PATHS.transport : null, async (url: string) => {
    const response = await fetch(url, { credentials: 'omit' });
    if (!response.ok) return false;
    return ((await response.json()) as DenimTransport).plainHttpAllowed === true;
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ?? false;
}
