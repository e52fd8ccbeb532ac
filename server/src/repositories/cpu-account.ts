import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';

/**
 * The render's CPU account, kept only when RENDER_CPU_LOG names a file (the render bench sets it for its workers):
 * every tool the engine runs is started through the cpu-of program (server/native/cpu-of.c), which appends the
 * tool's own CPU seconds when it ends, tagged with the stage of the render that ran it; the worker's own work
 * (drawing scenes with sharp, joining files) is appended by `nodeCpu` around it. One line a record:
 * stage, program, user seconds, system seconds, peak resident KB.
 */
export const cpuLog = (): string | null => process.env.RENDER_CPU_LOG || null;

const stages = new AsyncLocalStorage<string>();

/** Runs `work` with every tool it starts counted under `stage` (a render's segment, sound, join, DVD...). */
export function inStage<T>(stage: string, work: () => Promise<T>): Promise<T> {
  return stages.run(stage, work);
}

/** The stage the caller runs in ('other' outside every stage). */
export const currentStage = (): string => stages.getStore() ?? 'other';

/**
 * Runs `work` and, with the account on, appends this process's CPU while it ran under `stage`/node:`what`. The
 * process's CPU counts all its threads (sharp's too); anything else this process did meanwhile is counted with it.
 */
export async function nodeCpu<T>(what: string, work: () => Promise<T>): Promise<T> {
  const log = cpuLog();
  if (!log) return work();
  const before = process.cpuUsage();
  try {
    return await work();
  } finally {
    const used = process.cpuUsage(before);
    appendFileSync(log, `${currentStage()}\tnode:${what}\t${(used.user / 1e6).toFixed(3)}\t${(used.system / 1e6).toFixed(3)}\t0\n`);
  }
}

export interface CpuRecord {
  stage: string;
  program: string;
  user: number;
  system: number;
  /** Peak resident memory of the program, KB (0 for the worker's own records). */
  rssKb: number;
}

/** The records of a log's text. */
export function parseCpuLog(text: string): CpuRecord[] {
  return text.split('\n').filter(Boolean).map((line) => {
    const [stage, program, user, system, rss] = line.split('\t');
    return { stage, program, user: Number(user), system: Number(system), rssKb: Number(rss) };
  });
}
