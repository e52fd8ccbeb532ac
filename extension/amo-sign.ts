/**
 * Signing the Firefox package on addons.mozilla.org as unlisted (self-distributed: AMO signs it and does not list
 * it; this server keeps serving it and its updates), with web-ext's own command and credential names:
 *
 *   web-ext sign --channel=unlisted --source-dir DIR --artifacts-dir DIR --upload-source-code ARCHIVE
 *
 * The credentials (https://addons.mozilla.org/developers/addon/api/key/) are WEB_EXT_API_KEY and
 * WEB_EXT_API_SECRET, which web-ext reads from its environment itself: they are passed on there, never on the
 * command line, where any user of the machine could read them. web-ext writes the extension id and the upload's
 * id into the source folder (a retry resumes the upload), so that is a copy kept in the release folder.
 */
import path from 'node:path';

export const AMO_CREDENTIALS = ['WEB_EXT_API_KEY', 'WEB_EXT_API_SECRET'] as const;
export const AMO_KEY_PAGE = 'https://addons.mozilla.org/developers/addon/api/key/';

/** The credential variables the environment lacks (empty when signing can go ahead). */
export function missingAmoCredentials(env: NodeJS.ProcessEnv): string[] {
  return AMO_CREDENTIALS.filter((name) => !env[name]?.trim());
}

export interface AmoSignOptions {
  /** The installed web-ext's bin/web-ext.js. */
  webExt: string;
  /** The unpacked Firefox extension (a copy web-ext may write its id files into). */
  sourceDir: string;
  /** Where web-ext saves the signed .xpi AMO returns. */
  artifactsDir: string;
  /** The source archive for AMO review. */
  sourceArchive: string;
  /** The folder it runs in (the release folder). */
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface Command {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Proxy settings web-ext's HTTP client honours, passed on when set. */
const PASSED_ON = ['PATH', 'HOME', 'TMPDIR', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy', 'WEB_EXT_API_PROXY'];

/** The exact command the release runs: node with web-ext, its arguments, its folder and its whole environment. */
export function amoSignCommand({ webExt, sourceDir, artifactsDir, sourceArchive, cwd, env }: AmoSignOptions): Command {
  const missing = missingAmoCredentials(env);
  if (missing.length) throw new Error(`Signing needs ${missing.join(' and ')}.`);
  const passed: NodeJS.ProcessEnv = {};
  for (const name of [...PASSED_ON, ...AMO_CREDENTIALS]) if (env[name] !== undefined) passed[name] = env[name];
  return {
    command: process.execPath,
    args: [
      webExt,
      'sign',
      '--channel=unlisted',
      `--source-dir=${path.resolve(sourceDir)}`,
      `--artifacts-dir=${path.resolve(artifactsDir)}`,
      `--upload-source-code=${path.resolve(sourceArchive)}`,
      // No web-ext config file of the machine's or the folder's changes what is signed; nothing waits for a key press.
      '--no-config-discovery',
      '--no-input',
    ],
    cwd: path.resolve(cwd),
    env: passed,
  };
}
