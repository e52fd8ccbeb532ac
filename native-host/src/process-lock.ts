/**
 * A lock between helper processes: a file holding the id of the process that has it. Each browser connection
 * starts its own helper process, so this is how one knows another is burning (burn.lock: "a burn is running on this
 * computer") or downloading the same image (<image>.lock). A lock whose process is gone (a crash, a killed browser)
 * is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class ProcessLock {
  private readonly file: string;

  constructor(dir: string, name: string) {
    this.file = path.join(dir, name);
  }

  /** The id of the process holding the lock, when it is alive and not this one. */
  heldByOther(): number | null {
    let pid: number;
    try {
      pid = Number.parseInt(fs.readFileSync(this.file, 'utf8'), 10);
    } catch {
      return null;
    }
    return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
  }

  /** Takes the lock; false when another live process holds it. */
  acquire(): boolean {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        fs.writeFileSync(this.file, String(process.pid), { flag: 'wx' });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (this.heldByOther() !== null) return false;
        try {
          fs.rmSync(this.file, { force: true });
        } catch {
          // A stale lock of another user in a shared folder (sticky bit): the drive itself refuses a second writer.
          return true;
        }
      }
    }
    return false;
  }

  release(): void {
    try {
      if (Number.parseInt(fs.readFileSync(this.file, 'utf8'), 10) === process.pid) fs.rmSync(this.file, { force: true });
    } catch {
      // Already gone.
    }
  }
}
