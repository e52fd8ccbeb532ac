/**
 * The helper's configuration, written by the installer as config.json next to the executable (env
 * TRIBUTE_BURNER_CONFIG names another file, for tests). Messages can only choose among what it allows: the servers
 * a download or update may come from, the folder files land in, and the burner.
 */
import fs from 'node:fs';
import path from 'node:path';
import { insecureUrlProblem } from '../../common/secure-url.ts';
import { userDownloadDir } from './private-files.ts';

export type BurnerConfig =
  /** The computer's own drive. device picks one (Linux: /dev/sr1; macOS: the drutil index); else the first found. */
  | { kind: 'system'; device?: string }
  /** The file-backed burner of the tests: its drive and disc are described by stateFile (see burners/virtual.ts). */
  | { kind: 'virtual'; stateFile: string };

export interface HelperConfig {
  /** Origins (scheme, host and port) downloads and updates may come from. */
  servers: string[];
  /** The origin updates come from: one of servers. */
  updateServer: string;
  /** Absolute folder for downloads; default the user's own cache folder (private-files.ts userDownloadDir). */
  downloadDir: string;
  burner: BurnerConfig;
  /**
   * Plain http servers beyond loopback are accepted (common/secure-url.ts): an installation on a private network
   * without a certificate chose so explicitly; the helper logs a warning at every start.
   */
  allowPlainHttp: boolean;
}

export type ConfigResult = { ok: true; config: HelperConfig; file: string } | { ok: false; message: string; file: string };

export const configFile = (): string => process.env.TRIBUTE_BURNER_CONFIG || path.join(path.dirname(process.execPath), 'config.json');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The origin a server entry names; throws with the reason when it is not a bare http(s) origin. */
function origin(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} must be a string like "https://example.com".`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${field} "${value}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${field} "${value}" must be http or https.`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${field} "${value}" must be an origin only (no path, query or credentials).`);
  }
  return url.origin;
}

function absolutePath(value: unknown, field: string): string {
  if (typeof value !== 'string' || !path.isAbsolute(value)) throw new Error(`${field} must be an absolute path.`);
  return path.normalize(value);
}

/** Validates parsed config.json; throws with a message naming the field at fault. */
export function parseConfig(raw: unknown, downloadDirDefault = userDownloadDir()): HelperConfig {
  if (!isRecord(raw)) throw new Error('The configuration must be a JSON object.');
  if (raw.allowPlainHttp !== undefined && typeof raw.allowPlainHttp !== 'boolean') throw new Error('allowPlainHttp must be true or false.');
  const allowPlainHttp = raw.allowPlainHttp === true;
  if (!Array.isArray(raw.servers) || raw.servers.length === 0) throw new Error('servers must be a list of at least one origin.');
  const servers = raw.servers.map((server, index) => secure(origin(server, `servers[${index}]`), `servers[${index}]`, allowPlainHttp));
  const updateServer = secure(origin(raw.updateServer ?? servers[0], 'updateServer'), 'updateServer', allowPlainHttp);
  if (!servers.includes(updateServer)) throw new Error(`updateServer ${updateServer} must be one of servers.`);
  const downloadDir = raw.downloadDir === undefined ? downloadDirDefault : absolutePath(raw.downloadDir, 'downloadDir');
  const burnerRaw = raw.burner ?? { kind: 'system' };
  if (!isRecord(burnerRaw)) throw new Error('burner must be an object like {"kind": "system"}.');
  let burner: BurnerConfig;
  if (burnerRaw.kind === 'virtual') {
    burner = { kind: 'virtual', stateFile: absolutePath(burnerRaw.stateFile, 'burner.stateFile') };
  } else if (burnerRaw.kind === 'system') {
    if (burnerRaw.device !== undefined && (typeof burnerRaw.device !== 'string' || !burnerRaw.device)) throw new Error('burner.device must be a device name.');
    burner = burnerRaw.device === undefined ? { kind: 'system' } : { kind: 'system', device: burnerRaw.device as string };
  } else {
    throw new Error('burner.kind must be "system" or "virtual".');
  }
  return { servers, updateServer, downloadDir, burner, allowPlainHttp };
}

function secure(server: string, field: string, allowPlainHttp: boolean): string {
  const problem = insecureUrlProblem(server, field, allowPlainHttp);
  if (problem) throw new Error(problem.replace(/set ALLOW_PLAIN_HTTP=1/, 'set "allowPlainHttp": true'));
  return server;
}

/** Reads and validates the configuration; never throws (the helper still answers version without one). */
export function loadConfig(file = configFile()): ConfigResult {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, file, message: `The DVD burning tool has no configuration (${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Please reinstall it.` };
  }
  try {
    return { ok: true, file, config: parseConfig(JSON.parse(text) as unknown) };
  } catch (error) {
    return { ok: false, file, message: `The DVD burning tool's configuration ${file} is not valid: ${(error as Error).message}` };
  }
}
