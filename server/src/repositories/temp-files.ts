import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Temporary files carry their writer in their name: a tag of the machine (host name and boot), the process id and
 * the process's start time. A worker killed with -9 cannot remove its own; whoever comes next can then tell from
 * the name alone whether the writer is gone (same machine, and no process with that id started at that time) and
 * remove it at once, without ever touching a file a live worker is still writing. A file from another machine
 * sharing the storage, whose processes cannot be seen from here, is removed only when it is old.
 */

/** A temporary file whose writer cannot be checked is taken for abandoned after a day untouched (a live writer keeps writing it). */
export const FOREIGN_TEMP_AGE_MS = 24 * 3600_000;

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The start time of a process in clock ticks since boot (Linux), or null when it does not exist or cannot be read. */
function startTicks(pid: number | 'self'): string | null {
  const text = read(`/proc/${pid}/stat`);
  if (text === null) return null;
  // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' start at field 3.
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const HAS_PROC = startTicks('self') !== null;
const HOST = createHash('sha256').update(`${os.hostname()}\n${read('/proc/sys/kernel/random/boot_id')?.trim() ?? ''}`).digest('hex').slice(0, 8);
const START = HAS_PROC ? startTicks('self')! : String(Math.round(performance.timeOrigin));

/** This process as temporary names carry it. */
export const WRITER = `${HOST}-${process.pid}-${START}`;

const WRITER_IN_NAME = /\.([0-9a-f]{8})-(\d+)-(\d+)\.\d+\.tmp(?:\.[^.]*)?$/;

/** A temporary path beside `full` for this process, keeping the extension (tools choose their format by it). */
export function tempPath(full: string): string {
  const ext = path.extname(full);
  return `${full.slice(0, full.length - ext.length)}.${WRITER}.${Date.now()}.tmp${ext}`;
}

/** A name as tempPath and the earlier `<name>.<pid>.<ms>.tmp` writers make them. */
export const isTempName = (name: string): boolean => /\.\d+\.tmp(?:\.[^.]*)?$/.test(name);

/** Whether the process that wrote a temporary name on this machine is still running. */
function writerAlive(pid: number, start: string): boolean {
  if (pid === process.pid) return start === START;
  if (HAS_PROC) return startTicks(pid) === start;
  // Without /proc the start cannot be compared: a live process with that id keeps its files (the age rule still applies).
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the writer a name's match names is gone: one of ours that died, or any whose file is untouched for a day. */
function writerGone(writer: RegExpExecArray | null, modifiedMs: number, now: number): boolean {
  if (writer && writer[1] === HOST && !writerAlive(Number(writer[2]), writer[3])) return true;
  return now - modifiedMs > FOREIGN_TEMP_AGE_MS;
}

/** Whether a temporary file was left by a writer that is gone. */
export function isAbandoned(name: string, modifiedMs: number, now = Date.now()): boolean {
  return isTempName(name) && writerGone(WRITER_IN_NAME.exec(name), modifiedMs, now);
}

const SCRATCH_IN_NAME = /^tribute-[a-z]+-([0-9a-f]{8})-(\d+)-(\d+)-/;
/** How often a process looks for scratch folders of dead processes (it always does before its first). */
const SCRATCH_SWEEP_MS = 10 * 60_000;
let lastScratchSweep = 0;

/** Removes the scratch folders (see scratchDir) of processes that are gone; answers how many. */
export async function sweepAbandonedScratch(root = os.tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const writer = entry.isDirectory() ? SCRATCH_IN_NAME.exec(entry.name) : null;
    if (!writer) continue;
    const full = path.join(root, entry.name);
    const modified = await stat(full).then((s) => s.mtimeMs, () => null);
    if (modified !== null && writerGone(writer, modified, now)) {
      await rm(full, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Sweeps the scratch folders of dead processes now (and restarts the ten-minute clock). A job worker does this as it
 * starts: a worker that only joins pieces may make no scratch folder of its own, which left a killed worker's folder
 * until some later segment.
 */
export async function sweepScratchNow(): Promise<void> {
  lastScratchSweep = Date.now();
  await sweepAbandonedScratch().catch((err: unknown) => console.warn('[temp-files] sweeping scratch folders failed:', err));
}

/**
 * A new folder for a tool's intermediate files (`kind`: what it is for), named for this process so the folders
 * of a process killed with -9 are found and removed: by the first scratch folder made after a restart or in
 * another worker on the machine, and then every ten minutes.
 */
export async function scratchDir(kind: string): Promise<string> {
  if (Date.now() - lastScratchSweep > SCRATCH_SWEEP_MS) await sweepScratchNow();
  return mkdtemp(path.join(os.tmpdir(), `tribute-${kind}-${WRITER}-`));
}

/**
 * Removes the abandoned temporary files in a folder and its subfolders down to `depth`; `prefix` limits it to the
 * temporaries of one file. Answers how many were removed.
 */
export async function sweepAbandoned(dir: string, { depth = 0, prefix = '', now = Date.now() }: { depth?: number; prefix?: string; now?: number } = {}): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0) removed += await sweepAbandoned(full, { depth: depth - 1, prefix, now });
    } else if (entry.isFile() && entry.name.startsWith(prefix) && isTempName(entry.name)) {
      const modified = await stat(full).then((s) => s.mtimeMs, () => null);
      if (modified !== null && isAbandoned(entry.name, modified, now)) {
        await rm(full, { force: true });
        removed++;
      }
    }
  }
  return removed;
}
