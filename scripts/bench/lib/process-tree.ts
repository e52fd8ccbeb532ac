import { execFileSync } from 'node:child_process';

/** Resident memory of processes and all their descendants (ffmpeg children included), in bytes, from ps. */
export function treeRss(roots: number[]): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const [pid, ppid, kb] of rows) {
    rss.set(pid, kb * 1024);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
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

/** Samples the tree's memory until stopped; answers the highest total seen. */
export function peakSampler(roots: () => number[], everyMs = 250): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, treeRss(roots()));
    } catch {
      // A process ending between ps and the sum is simply not counted.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
