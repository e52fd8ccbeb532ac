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
 * build passes the id of its key to every installer. The Chrome Web Store and Edge Add-ons copies carry the ids
 * those stores gave them (store-extension-ids.ts, from the build's environment): they are allowed too. Firefox's
 * one gecko id is the same from this server and from addons.mozilla.org.
 */
import { FIREFOX_EXTENSION_ID, NATIVE_HOST_NAME } from '../common/burn-protocol.ts';
import { isChromeExtensionId } from './store-extension-ids.ts';

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

/** The Chrome and Edge extensions a host manifest allows: this installation's own and the store copies'. */
export interface HostExtensions {
  /** This installation's id (its key's, extension/chrome-key.ts). */
  chromeExtensionId: string;
  /** The Chrome Web Store and Edge Add-ons ids (storeExtensionIds()); empty where the extension is not listed. */
  storeExtensionIds: readonly string[];
}

/** What every installer (.deb, NSIS, macOS zip) packs: the helper, its version and config, the host manifests' ids. */
export interface InstallerContents extends HostExtensions {
  helper: string;
  version: number;
  publicUrl: string;
  /** The server's download mirrors (origins), which the helper may download disc images from too. */
  mirrors?: readonly string[];
  /** The build allowed plain http servers (ALLOW_PLAIN_HTTP): the helper's config says so too. */
  allowPlainHttp?: boolean;
}

export function hostManifest(family: HostFamily, executablePath: string, { chromeExtensionId, storeExtensionIds }: HostExtensions): HostManifest {
  for (const id of [chromeExtensionId, ...storeExtensionIds]) if (!isChromeExtensionId(id)) throw new Error(`Not a Chrome extension id: ${id}`);
  const common = { name: NATIVE_HOST_NAME, description: HOST_DESCRIPTION, path: executablePath, type: 'stdio' as const };
  const ids = [...new Set([chromeExtensionId, ...storeExtensionIds])];
  return family === 'firefox'
    ? { ...common, allowed_extensions: [FIREFOX_EXTENSION_ID] }
    : { ...common, allowed_origins: ids.map((id) => `chrome-extension://${id}/`) };
}

export const hostManifestJson = (family: HostFamily, executablePath: string, extensions: HostExtensions): string =>
  `${JSON.stringify(hostManifest(family, executablePath, extensions), null, 2)}\n`;

/**
 * A placeholder path for install scripts that learn the real path only on the user's computer (Linux per-user,
 * macOS): the script swaps it for the JSON-escaped installed path.
 */
export const PATH_PLACEHOLDER = '@HELPER_PATH@';
