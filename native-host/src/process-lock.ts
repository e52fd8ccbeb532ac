/**
 * A lock between helper processes: a file made with O_EXCL holding the id of the process that has it, that
 * process's start time and a random nonce. Each browser connection starts its own helper process, so this is how
 * one knows another is burning (burn.lock: "a burn is running on this computer") or downloading the same image
 * (<image>.lock).
 *
 * A lock whose process is gone (a crash, a killed browser) is stale and taken over; so is one whose pid now
 * belongs to another process: the start time recorded (Linux: boot id and /proc/PID/stat starttime; macOS: ps
 * lstart) must equal that process's. A lock file that is a symbolic link, of another account, or not ours in
 * form (an old "1" naming init) is ignored with a log line. Taking over is a rename of the stale file to a name of
 * our own, which only one process can do to one file; the taker then checks that what it moved is the very record
 * it judged stale, and gives back anything else, so two helpers that both see a stale lock never both hold it.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { log } from './log.ts';

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

interface LockRecord {
  pid: number;
  /** The holder's start time, or null where the system gives no way to read another process's. */
  start: string | null;
  nonce: string;
}

let bootId: string | null | undefined;
function linuxBootId(): string {
  if (bootId === undefined) {
    try {
      bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = null;
    }
  }
  return bootId ?? 'boot';
}

/** When a process started, as a token that a later process with the same pid cannot have; null when unknown. */
export function processStartToken(pid: number): string | null {
  if (process.platform === 'linux') {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 22 (starttime, clock ticks after boot); the name in parentheses before it may hold spaces.
      const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      return ticks ? `${linuxBootId()}:${ticks}` : null;
    } catch {
      return null;
    }
  }
  if (process.platform === 'darwin') {
    try {
      return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 3000 }).trim() || null;
    } catch {
      return null;
    }
  }
  // Windows has no cheap way from Node; a pid there is only reused after the process is gone and reaped.
  return null;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** What the lock file holds: its exact text (to compare on takeover), and the record when it is one of ours. */
interface Seen {
  raw: string;
  record: LockRecord | null;
  /** Why the file is no lock of ours (a link, another account's, not a record), or null. */
  problem: string | null;
}

function parseRecord(text: string): LockRecord | null {
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0 || typeof value.nonce !== 'string') return null;
    if (value.start !== null && typeof value.start !== 'string') return null;
    return { pid: value.pid as number, start: value.start, nonce: value.nonce };
  } catch {
    return null;
  }
}

export class ProcessLock {
  private readonly file: string;
  private held: string | null = null;
  private readonly ownStart = processStartToken(process.pid);

  constructor(dir: string, name: string) {
    this.file = path.join(dir, name);
  }

  /** The lock file now, or null when there is none. Never follows a link. */
  private see(file = this.file): Seen | null {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      return null;
    }
    if (stat.isSymbolicLink()) return { raw: `link:${fs.readlinkSync(file)}`, record: null, problem: 'it is a symbolic link' };
    if (!stat.isFile()) return { raw: 'not-a-file', record: null, problem: 'it is not a file' };
    const uid = typeof process.getuid === 'function' ? process.getuid() : null;
    let raw: string;
    try {
      const fd = fs.openSync(file, fs.constants.O_RDONLY | NOFOLLOW);
      try {
        raw = fs.readFileSync(fd, 'utf8');
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return null;
    }
    if (uid !== null && stat.uid !== uid) return { raw, record: null, problem: `it belongs to another user (uid ${stat.uid})` };
    const record = parseRecord(raw);
    return { raw, record, problem: record ? null : `it is not a lock record of this helper (${JSON.stringify(raw.slice(0, 40))})` };
  }

  /** Why a record's process no longer holds it, or null when it does. */
  private staleReason(record: LockRecord): string | null {
    if (!alive(record.pid)) return `process ${record.pid} has ended`;
    if (this.ownStart === null) return null;
    const now = processStartToken(record.pid);
    if (record.start === null || now !== record.start) return `pid ${record.pid} is now another process (started ${now ?? 'unknown'}, the lock says ${record.start ?? 'nothing'})`;
    return null;
  }

  /** The id of the process holding the lock, when it is alive and not this one. */
  heldByOther(): number | null {
    const seen = this.see();
    if (!seen?.record || this.staleReason(seen.record) !== null) return null;
    if (seen.raw === this.held) return null;
    return seen.record.pid === process.pid ? null : seen.record.pid;
  }

  /** Takes the lock; false when another live process holds it. */
  acquire(): boolean {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const record = JSON.stringify({ pid: process.pid, start: this.ownStart, nonce: crypto.randomBytes(8).toString('hex') } satisfies LockRecord);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const fd = fs.openSync(this.file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, 0o600);
        try {
          fs.writeSync(fd, record);
        } finally {
          fs.closeSync(fd);
        }
        this.held = record;
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = this.see();
      if (!seen) continue;
      // Held already by this very lock (a second burn asked for in the same connection): not taken twice.
      if (seen.raw === this.held) return false;
      const reason = seen.problem ?? (seen.record && seen.record.pid !== process.pid ? this.staleReason(seen.record) : `it is a lock this process (${process.pid}) left`);
      if (reason === null) return false;
      log(`ignored the lock ${this.file}: ${reason}; taking it over`);
      if (!this.takeOver(seen)) return false;
    }
    return false;
  }

  /**
   * Moves a stale lock file out of the way. Rename is atomic: of two takers only one moves a given file. What was
   * moved is compared with what was judged stale; a fresh lock moved by mistake (another taker won and locked in
   * between) is put back with link(), which never replaces a file. False when the lock turned out to be held.
   */
  private takeOver(stale: Seen): boolean {
    const aside = `${this.file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    try {
      fs.renameSync(this.file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true; // another taker moved it first
      throw error;
    }
    const moved = this.see(aside);
    if (moved && moved.raw !== stale.raw) {
      try {
        fs.linkSync(aside, this.file);
      } catch {
        // A third process locked meanwhile: the lock is held either way.
      }
      fs.rmSync(aside, { force: true });
      return false;
    }
    fs.rmSync(aside, { force: true });
    return true;
  }

  release(): void {
    const seen = this.see();
    if (seen && this.held !== null && seen.raw === this.held) fs.rmSync(this.file, { force: true });
    this.held = null;
  }
}
