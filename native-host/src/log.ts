/**
 * The helper's log. stdout belongs to the browser (only frames may go there), so the log goes to a file beside
 * the installed executable, to TRIBUTE_BURNER_LOG when set, or to stderr (which Chrome and Firefox show in their
 * own logs) when run unbundled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isSea } from 'node:sea';

const MAX_LOG_BYTES = 2 * 1024 * 1024;

function logFile(): string | null {
  if (process.env.TRIBUTE_BURNER_LOG) return process.env.TRIBUTE_BURNER_LOG;
  return isSea() ? path.join(path.dirname(process.execPath), 'tribute-burner.log') : null;
}

let target: string | null | undefined;

export function log(...parts: unknown[]): void {
  const line = `${new Date().toISOString()} [${process.pid}] ${parts.map((part) => (part instanceof Error ? part.stack ?? part.message : typeof part === 'string' ? part : JSON.stringify(part))).join(' ')}\n`;
  if (target === undefined) target = logFile();
  if (target) {
    try {
      // Keep one older log, so the file never grows without bound.
      if (fs.existsSync(target) && fs.statSync(target).size > MAX_LOG_BYTES) fs.renameSync(target, `${target}.1`);
      fs.appendFileSync(target, line);
      return;
    } catch {
      // The install folder may not be writable (a system-wide install): fall back to stderr.
      target = null;
    }
  }
  process.stderr.write(line);
}
