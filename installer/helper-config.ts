/**
 * The config.json the installers put beside the helper (native-host/src/config.ts reads and validates it): the one
 * server it may download from and update from, and which burner it drives.
 */

export interface InstalledHelperConfig {
  servers: string[];
  updateServer: string;
  downloadDir?: string;
  burner: { kind: 'system' } | { kind: 'virtual'; stateFile: string };
}

/** The server as the helper wants it: an origin (no path), whatever PUBLIC_URL looked like. */
export function serverOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The public URL must be http(s): ${publicUrl}`);
  return url.origin;
}

export function helperConfig(publicUrl: string, options: { downloadDir?: string } = {}): InstalledHelperConfig {
  const server = serverOrigin(publicUrl);
  return { servers: [server], updateServer: server, ...(options.downloadDir ? { downloadDir: options.downloadDir } : {}), burner: { kind: 'system' } };
}

export const helperConfigJson = (publicUrl: string, options: { downloadDir?: string } = {}): string => `${JSON.stringify(helperConfig(publicUrl, options), null, 2)}\n`;
