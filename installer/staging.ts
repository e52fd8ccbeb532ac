/**
 * A build folder swapped into place whole. The build writes into <target>.building-<pid>-<random>, beside the
 * target, starting from the last complete build (its helper and installer files hard-linked, which costs no
 * space; every write of the build replaces a file by rename, so a linked file of the served build is never
 * changed; the rest copied), and commit() renames it to the target. A build that fails or is interrupted leaves
 * the last complete one in place, and its half-made folder is removed by the next build.
 *
 * The swap is two renames (the old folder aside, the new one in): between them, for the time of one system call,
 * the target is absent and the server answers "not built"; it never serves a mix of two builds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Subfolders whose files the build only ever replaces by rename: safe to share by hard link with the served build. */
const LINKED = new Set(['helper', 'installer']);

export interface Staging {
  dir: string;
  commit(): void;
  abandon(): void;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function copyTree(from: string, to: string, link: boolean): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target, link || LINKED.has(entry.name));
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else if (entry.isFile()) {
      if (!link) fs.copyFileSync(source, target);
      else {
        try {
          fs.linkSync(source, target);
        } catch {
          fs.copyFileSync(source, target);
        }
      }
    }
  }
}

/** Removes half-made folders of builds whose process has ended. */
function removeAbandoned(target: string): void {
  const parent = path.dirname(target);
  const prefix = `${path.basename(target)}.`;
  for (const name of fs.readdirSync(parent)) {
    const match = /^(?:building|old)-(\d+)-[0-9a-f]+$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '');
    if (match && !alive(Number(match[1]))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

export function beginStaging(target: string): Staging {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  removeAbandoned(target);
  const tag = () => `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const dir = `${target}.building-${tag()}`;
  if (fs.existsSync(target)) copyTree(target, dir, false);
  else fs.mkdirSync(dir);
  return {
    dir,
    commit() {
      const old = `${target}.old-${tag()}`;
      const hadOld = fs.existsSync(target);
      if (hadOld) fs.renameSync(target, old);
      fs.renameSync(dir, target);
      if (hadOld) fs.rmSync(old, { recursive: true, force: true });
    },
    abandon() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
