/**
 * The extension's ids in the Chrome Web Store and Edge Add-ons (issue 29.2). A store gives the extension its own
 * id (the store signs the package with its key, not this installation's), so a host manifest that names only the
 * installation's id would refuse the store copy. The build reads them from its environment, comma-separated
 * lists allowed (an extension listed twice, a test listing), and hostManifest() adds each to allowed_origins.
 * Firefox needs nothing here: addons.mozilla.org keeps the manifest's gecko id.
 */

export const STORE_ID_VARIABLES = ['CHROME_STORE_EXTENSION_ID', 'EDGE_STORE_EXTENSION_ID'] as const;

/** A Chrome or Edge extension id: 32 letters a-p (the hex of a key hash, written with a-p). */
export const isChromeExtensionId = (id: string): boolean => /^[a-p]{32}$/.test(id);

/** The store ids the environment names, in order, each once; a malformed one stops the build with its variable named. */
export function storeExtensionIds(env: NodeJS.ProcessEnv = process.env): string[] {
  const ids: string[] = [];
  for (const variable of STORE_ID_VARIABLES) {
    for (const id of (env[variable] ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      if (!isChromeExtensionId(id)) throw new Error(`${variable}: '${id}' is not an extension id (32 letters a to p, as the store's dashboard shows it).`);
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}
