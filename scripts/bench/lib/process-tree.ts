import { execFileSync } from 'node:child_process';

/**
 * Resident memory of processes and all their descendants (ffmpeg children included), in bytes, from ps; a process
 * whose command line matches `leaveOut` is not counted (nor are its descendants).
 */
export function treeRss(roots: number[], leaveOut?: RegExp): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null);
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const [, pid, ppid, kb, args] of rows) {
    if (leaveOut?.test(args)) continue;
    rss.set(Number(pid), Number(kb) * 1024);
    children.set(Number(ppid), [...(children.get(Number(ppid)) ?? []), Number(pid)]);
  }
  let total = 0;
  const stack = [...roots];
  const seen = new Set<number>();
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Samples the tree's memory until stopped; answers the highest total seen, and the highest without the processes
 * `leaveOut` matches.
 */
export function peakSampler(roots: () => number[], everyMs = 250, leaveOut?: RegExp): { stop(): { all: number; without: number } } {
  let all = 0;
  let without = 0;
  const timer = setInterval(() => {
    try {
      all = Math.max(all, treeRss(roots()));
      if (leaveOut) without = Math.max(without, treeRss(roots(), leaveOut));
    } catch {
      // A process ending between ps and the sum is simply not counted.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { all, without: leaveOut ? without : all };
    },
  };
}

/** How many descendants of `roots` (themselves included) have a command line that matches `pattern`. */
export function countInTree(roots: number[], pattern: RegExp): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null);
  const inTree = new Set(roots);
  // ps lists parents before their children.
  let found = 0;
  for (const [, pid, ppid, args] of rows) {
    if (!inTree.has(Number(ppid)) && !inTree.has(Number(pid))) continue;
    inTree.add(Number(pid));
    if (pattern.test(args)) found++;
  }
  return found;
}
