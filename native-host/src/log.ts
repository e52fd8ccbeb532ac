/**
 * The helper's log. stdout belongs to the browser (only frames may go there), so the log goes to a file beside
 * the installed executable, to TRIBUTE_BURNER_LOG when set, or to stderr (which Chrome and Firefox show in their
 * own logs) when run unbundled. The file is the user's alone (0600), and addresses are logged without their query
 * string (redactUrl), which carries the download ticket.
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

/** A URL as the log may show it: without its query string and fragment (a download ticket lives there). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hidden = parsed.search ? '?…' : '';
    parsed.search = '';
    parsed.hash = '';
    parsed.username = '';
    parsed.password = '';
    return `${parsed.toString()}${hidden}`;
  } catch {
    return url.replace(/[?#].*$/s, '?…');
  }
}

/** Opens the log to this user only, also a log an older helper made readable to all. */
function closeToOthers(file: string): void {
  if (process.platform === 'win32') return;
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat?.isFile() && (stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
}

export function log(...parts: unknown[]): void {
  const line = `${new Date().toISOString()} [${process.pid}] ${parts.map((part) => (part instanceof Error ? part.stack ?? part.message : typeof part === 'string' ? part : JSON.stringify(part))).join(' ')}\n`;
  if (target === undefined) {
    target = logFile();
    if (target) {
      try {
        closeToOthers(target);
      } catch {
        // Checked again when written.
      }
    }
  }
  if (target) {
    try {
      // Keep one older log, so the file never grows without bound.
      if (fs.existsSync(target) && fs.statSync(target).size > MAX_LOG_BYTES) fs.renameSync(target, `${target}.1`);
      fs.appendFileSync(target, line, { mode: 0o600 });
      return;
    } catch {
      // The install folder may not be writable (a system-wide install): fall back to stderr.
      target = null;
    }
  }
  process.stderr.write(line);
}
