/**
 * The native messaging host manifest, made by this one function for every system and browser. A browser reads it
 * from its NativeMessagingHosts folder (or the registry entry that points at it, on Windows), checks that the
 * calling extension is allowed, and starts `path` with the extension's messages on stdin.
 *
 * Chrome, Chromium and Edge name extensions by origin (allowed_origins, chrome-extension://<id>/); Firefox by
 * extension id (allowed_extensions). On Windows `path` may be relative to the manifest's folder, which lets the
 * installer ship the files as built; elsewhere it must be absolute.
 *
 * The Chrome id is this installation's (extension/chrome-key.ts): every installation signs its own .crx, so the
 * build passes the id of its key to every installer.
 */
import { FIREFOX_EXTENSION_ID, NATIVE_HOST_NAME } from '../common/burn-protocol.ts';

/** Chrome, Chromium and Edge share one manifest; Firefox has its own. */
export type HostFamily = 'chromium' | 'firefox';

export interface HostManifest {
  name: string;
  description: string;
  path: string;
  type: 'stdio';
  allowed_origins?: string[];
  allowed_extensions?: string[];
}

export const HOST_DESCRIPTION = 'Tribute DVD burner: downloads a video DVD image and burns it for the Tribute web app';

/** The file name every browser looks for (the host name plus .json). */
export const HOST_MANIFEST_FILE = `${NATIVE_HOST_NAME}.json`;

export function hostManifest(family: HostFamily, executablePath: string, chromeExtensionId: string): HostManifest {
  if (!/^[a-p]{32}$/.test(chromeExtensionId)) throw new Error(`Not a Chrome extension id: ${chromeExtensionId}`);
  const common = { name: NATIVE_HOST_NAME, description: HOST_DESCRIPTION, path: executablePath, type: 'stdio' as const };
  return family === 'firefox'
    ? { ...common, allowed_extensions: [FIREFOX_EXTENSION_ID] }
    : { ...common, allowed_origins: [`chrome-extension://${chromeExtensionId}/`] };
}

export const hostManifestJson = (family: HostFamily, executablePath: string, chromeExtensionId: string): string =>
  `${JSON.stringify(hostManifest(family, executablePath, chromeExtensionId), null, 2)}\n`;

/**
 * A placeholder path for install scripts that learn the real path only on the user's computer (Linux per-user,
 * macOS): the script swaps it for the JSON-escaped installed path.
 */
export const PATH_PLACEHOLDER = '@HELPER_PATH@';
