import useSWR from 'swr';
import type { DenimInstallPaths } from '../../../../../common/browser-policies.ts';
import { DENIM_PATHS } from '../../../../../common/helper-update.ts';

/** What a server without an answer offers: no store, no policy file, an unsigned Firefox package, no Windows build. */
export const NO_INSTALL_PATHS: DenimInstallPaths = { stores: { chrome: null, edge: null, firefox: null }, policies: [], firefoxSigned: false, windowsInstallerSigned: null };

/**
 * The ways this server offers to install the burn extension (DENIM_PATHS.installPaths): store listings, the policy
 * files for IT departments, whether the Firefox package is signed. null while unknown; a server that does not answer
 * counts as offering none of them, so the steps never wait on it.
 */
export function useInstallPaths(wanted: boolean): DenimInstallPaths | null {
  const { data } = useSWR(wanted ? DENIM_PATHS.installPaths : null, async (url: string) => {
    const response = await fetch(url, { credentials: 'omit' });
    return response.ok ? ((await response.json()) as DenimInstallPaths) : NO_INSTALL_PATHS;
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ?? null;
}
