import useSWR from 'swr';
import { installerUrl, type HelperBuildManifest } from '../../../../../common/helper-update.ts';

/**
 * Whether this server's Windows installer and helper carry an Authenticode signature (the build signs them when a
 * code-signing certificate is configured and says so in the Windows helper's manifest). Unsigned, SmartScreen warns
 * at the first run and the install dialog says what it will show. null while unknown; a server without a Windows
 * build counts as unsigned.
 */
export function useWindowsInstallerSigned(wanted: boolean): boolean | null {
  const { data } = useSWR(wanted ? installerUrl(window.location.origin, 'win-x64', 'helper_manifest') : null, async (url: string) => {
    const response = await fetch(url, { credentials: 'omit' });
    if (!response.ok) return false;
    return ((await response.json()) as HelperBuildManifest).authenticode === true;
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ?? null;
}
