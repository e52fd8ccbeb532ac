/**
 * The per-user install script (templates/install-user.sh), filled in for one build: its default server, the
 * helper's version, and the two host manifests from hostManifest() with a placeholder the script replaces by the
 * installed path. The same script serves Linux (it downloads the helper from the server) and the macOS zip (the
 * helper sits beside it).
 */
import { readFileSync } from 'node:fs';
import { NATIVE_HOST_NAME } from '../common/burn-protocol.ts';
import { PATH_PLACEHOLDER, hostManifestJson, type HostExtensions } from './host-manifest.ts';
import { serverOrigin } from './helper-config.ts';
import { HELPER_NAME, SCRIPT_ALLOW_PLAIN_HTTP_LINE, scriptAllowPlainHttpLine, scriptMirrorsLine, scriptServerLine } from './layout.ts';

const TEMPLATE = new URL('./templates/install-user.sh', import.meta.url);

/** A value inside the script's single quotes: anything with a quote or a newline would break out of them. */
function singleQuoted(value: string, what: string): string {
  if (/['\n\r]/.test(value)) throw new Error(`The install script's ${what} may not contain a quote or a line break.`);
  return value;
}

/** The host manifests allow this installation's Chrome extension id and the store copies' (host-manifest.ts). */
export interface UserScriptOptions extends HostExtensions {
  publicUrl: string;
  /** The server's download mirrors (origins): the helper may download disc images from them too. */
  mirrors?: readonly string[];
  helperVersion: number;
  /** The macOS zip: the helper is the file of this name beside the script. */
  bundled: boolean;
  /** Plain http servers beyond loopback are accepted (ALLOW_PLAIN_HTTP): the script's default. */
  allowPlainHttp?: boolean;
}

export function userInstallScript({ publicUrl, chromeExtensionId, storeExtensionIds, mirrors = [], helperVersion, bundled, allowPlainHttp = false }: UserScriptOptions): string {
  const compact = (family: 'chromium' | 'firefox') => JSON.stringify(JSON.parse(hostManifestJson(family, PATH_PLACEHOLDER, { chromeExtensionId, storeExtensionIds })) as unknown);
  const values: Record<string, string> = {
    '@HELPER_VERSION@': String(helperVersion),
    '@BUNDLED_HELPER@': bundled ? HELPER_NAME : '',
    '@HOST_NAME@': NATIVE_HOST_NAME,
    '@CHROMIUM_MANIFEST@': singleQuoted(compact('chromium'), 'Chromium host manifest'),
    '@FIREFOX_MANIFEST@': singleQuoted(compact('firefox'), 'Firefox host manifest'),
  };
  let script = readFileSync(TEMPLATE, 'utf8')
    .replace("DEFAULT_SERVER='@SERVER@'", scriptServerLine(singleQuoted(serverOrigin(publicUrl), 'server')))
    .replace("DEFAULT_MIRRORS='@MIRRORS@'", scriptMirrorsLine(mirrors.map((mirror) => singleQuoted(serverOrigin(mirror), 'mirror'))))
    .replace(SCRIPT_ALLOW_PLAIN_HTTP_LINE, scriptAllowPlainHttpLine(allowPlainHttp));
  for (const [token, value] of Object.entries(values)) script = script.split(token).join(value);
  return script;
}
