/**
 * The config.json the installers put beside the helper (native-host/src/config.ts reads and validates it): the
 * server it updates from, the servers it may download disc images from (that server and its download mirrors,
 * DOWNLOAD_ALTERNATES), and which burner it drives.
 */
import { requireSecureUrl } from '../common/secure-url.ts';

export interface InstalledHelperConfig {
  servers: string[];
  updateServer: string;
  downloadDir?: string;
  burner: { kind: 'system' } | { kind: 'virtual'; stateFile: string };
  /** Present (true) only when the build allowed plain http servers (ALLOW_PLAIN_HTTP). */
  allowPlainHttp?: true;
}

/** The server as the helper wants it: an origin (no path), whatever PUBLIC_URL looked like. */
export function serverOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The public URL must be http(s): ${publicUrl}`);
  return url.origin;
}

export interface HelperConfigOptions {
  downloadDir?: string;
  /** Other servers with the same /downloads/ paths (DOWNLOAD_ALTERNATES origins). */
  mirrors?: readonly string[];
  /** Plain http servers beyond loopback are allowed (ALLOW_PLAIN_HTTP); else they are refused here. */
  allowPlainHttp?: boolean;
}

export function helperConfig(publicUrl: string, options: HelperConfigOptions = {}): InstalledHelperConfig {
  const server = serverOrigin(publicUrl);
  requireSecureUrl(server, 'PUBLIC_URL', options.allowPlainHttp);
  const mirrors = (options.mirrors ?? []).map(serverOrigin);
  for (const mirror of mirrors) requireSecureUrl(mirror, 'DOWNLOAD_ALTERNATES', options.allowPlainHttp);
  const servers = [...new Set([server, ...mirrors])];
  return {
    servers,
    updateServer: server,
    ...(options.downloadDir ? { downloadDir: options.downloadDir } : {}),
    burner: { kind: 'system' },
    ...(options.allowPlainHttp ? { allowPlainHttp: true as const } : {}),
  };
}

export const helperConfigJson = (publicUrl: string, options: HelperConfigOptions = {}): string => `${JSON.stringify(helperConfig(publicUrl, options), null, 2)}\n`;
