/**
 * The render bench's CPU account: every CPU second of the workers while they make a render, by process and stage.
 * Each worker keeps a log (RENDER_CPU_LOG, server/src/repositories/cpu-account.ts) of every tool it ran (its own
 * CPU to the last second, from wait4 in server/native/cpu-of.c, tagged with the render's stage) and of its own CPU
 * while it drew scenes or joined files; /proc/<pid>/stat gives each worker's own CPU and that of its finished
 * children, so what no record names is printed as such.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseCpuLog, type CpuRecord } from '../../../server/src/repositories/cpu-account.ts';

const TICKS = 100;

/** A worker's own CPU seconds and its finished children's (utime+stime, cutime+cstime of /proc/<pid>/stat). */
function procCpu(pid: number): { own: number; children: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { own: (Number(fields[11]) + Number(fields[12])) / TICKS, children: (Number(fields[13]) + Number(fields[14])) / TICKS };
}

const logSize = (file: string): number => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

export interface Worker {
  pid: number;
  log: string;
}

interface Mark {
  proc: { own: number; children: number }[];
  offsets: number[];
}

export interface Account {
  /** The workers' CPU in all: their own and their finished children's. */
  total: number;
  own: number;
  children: number;
  records: CpuRecord[];
}

/** Starts counting; `stop()` answers what the workers used since. */
export function cpuAccount(workers: Worker[]): { stop(): Account } {
  const mark = (): Mark => ({ proc: workers.map((w) => procCpu(w.pid)), offsets: workers.map((w) => logSize(w.log)) });
  const start = mark();
  return {
    stop() {
      const end = mark();
      const records = workers.flatMap((w, i) => parseCpuLog(readFileSync(w.log).subarray(start.offsets[i], end.offsets[i]).toString('utf8')));
      const own = end.proc.reduce((s, p, i) => s + p.own - start.proc[i].own, 0);
      const children = end.proc.reduce((s, p, i) => s + p.children - start.proc[i].children, 0);
      return { total: own + children, own, children, records };
    },
  };
}

/** A program's name without the hash the engine builds its C programs under (kenburns-1a2b...). */
const programName = (program: string): string => program.replace(/-[0-9a-f]{16}$/, '');

/**
 * The account as rows: CPU seconds by stage and process, the worker's own remainder and what no record names,
 * largest first.
 */
export function accountRows(account: Account): { what: string; cpu: number; count: number; peakMb: number }[] {
  const rows = new Map<string, { what: string; cpu: number; count: number; peakMb: number }>();
  const add = (what: string, cpu: number, rssKb = 0) => {
    const row = rows.get(what) ?? { what, cpu: 0, count: 0, peakMb: 0 };
    row.cpu += cpu;
    row.count += 1;
    row.peakMb = Math.max(row.peakMb, rssKb / 1024);
    rows.set(what, row);
  };
  let nodeNamed = 0;
  let childNamed = 0;
  for (const r of account.records) {
    const program = programName(r.program);
    if (program.startsWith('node:')) nodeNamed += r.user + r.system;
    else childNamed += r.user + r.system;
    add(`${r.stage}: ${program.startsWith('node:') ? `worker (Node) ${program.slice(5)}` : program}`, r.user + r.system, r.rssKb);
  }
  const list = [...rows.values()].sort((a, b) => b.cpu - a.cpu);
  list.push({ what: 'worker (Node) everything else: jobs, queue, database, planning, files', cpu: account.own - nodeNamed, count: 0, peakMb: 0 });
  list.push({ what: 'finished children no record names (the cpu-of wrappers themselves)', cpu: account.children - childNamed, count: 0, peakMb: 0 });
  return list;
}

/** Prints the account, each row with CPU seconds, per second of video and share of the whole. */
export function printAccount(title: string, account: Account, seconds: number): void {
  console.log(`  ${title}: ${account.total.toFixed(1)} CPU s in all (${(account.total / seconds).toFixed(3)} a second of video): the workers' Node ${account.own.toFixed(1)}, their tools ${account.children.toFixed(1)}`);
  for (const row of accountRows(account)) {
    const runs = row.count ? ` (${row.count} runs${row.peakMb ? `, largest ${row.peakMb.toFixed(0)} MB` : ''})` : '';
    console.log(`    ${row.cpu.toFixed(1).padStart(7)} s  ${(row.cpu / seconds).toFixed(3)}/s  ${((100 * row.cpu) / account.total).toFixed(1).padStart(5)} %  ${row.what}${runs}`);
  }
}
