/**
 * The helper's download folder belongs to the user running it and to no one else (issue 33): the folder is made
 * 0700, every file in it is created 0600, and nothing is opened through a symbolic link or trusted when another
 * account owns it. An image another account planted, a .part that is a symbolic link, a folder someone else made
 * first: each is refused or removed with a log line saying why, never written through or burned.
 *
 * On Windows the folder is in the user's own %LOCALAPPDATA%, whose access list already keeps other accounts out;
 * owners and modes are POSIX checks and are skipped there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log } from './log.ts';

const POSIX = process.platform !== 'win32';
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/** The folder's name under the user's cache folder. */
export const DOWNLOAD_FOLDER_NAME = 'tribute-burner';

/**
 * Where disc images go when config.json names no folder: the user's own cache folder. Linux
 * $XDG_CACHE_HOME/tribute-burner (else ~/.cache/tribute-burner), macOS ~/Library/Caches/TributeBurner, Windows
 * %LOCALAPPDATA%\TributeBurner\downloads (the per-user install folder, which its uninstaller empties).
 */
export function userDownloadDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'TributeBurner', 'downloads');
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'TributeBurner');
  const cache = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(cache, DOWNLOAD_FOLDER_NAME);
}

/** Something in the download folder the helper will not use; the message says what and why. */
export class UnsafeFileError extends Error {}

const uid = (): number | null => (POSIX && typeof process.getuid === 'function' ? process.getuid() : null);

/**
 * Makes the folder (0700) or checks the one that is there: a real folder, not a symbolic link, owned by this user.
 * A folder of ours that others may read or write is closed to them; one of another account is refused.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(dir), { recursive: true, mode: 0o700 });
  try {
    await fs.promises.mkdir(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = await fs.promises.lstat(dir);
  if (stat.isSymbolicLink()) throw new UnsafeFileError(`The download folder ${dir} is a symbolic link; the DVD burning tool only uses a real folder of its own. Remove it and try again.`);
  if (!stat.isDirectory()) throw new UnsafeFileError(`The download folder ${dir} is not a folder. Remove it and try again.`);
  const me = uid();
  if (me === null) return;
  if (stat.uid !== me) {
    throw new UnsafeFileError(`The download folder ${dir} belongs to another user (uid ${stat.uid}), so the DVD burning tool will not use it: another account could change the disc images in it. Remove it, or set another downloadDir.`);
  }
  if ((stat.mode & 0o077) !== 0) {
    await fs.promises.chmod(dir, 0o700);
    log('closed the download folder to other users (was mode', (stat.mode & 0o777).toString(8), ')', dir);
  }
}

/**
 * Checks a name in the folder before it is used: answers its stat when it is a regular file of this user, null
 * when nothing is there. Anything else (a symbolic link, another account's file, a folder) is removed (the
 * folder is ours, so we may) with a log line, and null answered: the caller then makes its own file.
 */
export async function ownFileOrNothing(file: string): Promise<fs.Stats | null> {
  const stat = await fs.promises.lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!stat) return null;
  const problem = foreignProblem(stat);
  if (!problem) return stat;
  log(`ignored ${file}: ${problem}; removing it`);
  await fs.promises.rm(file, { recursive: stat.isDirectory(), force: true });
  return null;
}

/** Why a file may not be used, or null when it is a regular file of this user. */
function foreignProblem(stat: fs.Stats): string | null {
  if (stat.isSymbolicLink()) return 'it is a symbolic link';
  if (!stat.isFile()) return 'it is not a regular file';
  const me = uid();
  if (me !== null && stat.uid !== me) return `it belongs to another user (uid ${stat.uid})`;
  if (POSIX && stat.nlink > 1) return 'it has other names (hard links)';
  return null;
}

/**
 * Opens a file of the folder without following a symbolic link, creating it 0600 when flags say so, and checks
 * what was opened (a regular file of this user, mode 0600) on the open descriptor itself, so nothing can be
 * swapped in between the check and the use.
 */
export async function openPrivate(file: string, flags: number): Promise<fs.promises.FileHandle> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, flags | NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafeFileError(`${file} is a symbolic link; the DVD burning tool does not follow links in its folder.`);
    throw error;
  }
  try {
    const stat = await handle.stat();
    const problem = foreignProblem(stat);
    if (problem) throw new UnsafeFileError(`${file} cannot be used: ${problem}.`);
    if (POSIX && (stat.mode & 0o077) !== 0) await handle.chmod(0o600);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export const READ_FLAGS = fs.constants.O_RDONLY;
export const APPEND_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_APPEND;
export const TRUNCATE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC;
export const EXCLUSIVE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL;
