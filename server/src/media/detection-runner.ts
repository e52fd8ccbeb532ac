/**
 * Runs rotation analysis in a child process (detection-child.ts) so the caller's event loop never blocks on it.
 * The child is started on first use with a heap limit and the lowest CPU priority (uploads and renders come
 * first), serves one photo at a time, and is ended when its memory passes MAX_RSS, when a photo takes longer
 * than PHOTO_TIMEOUT_MS, or after IDLE_MS without work; the next photo starts a fresh one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { RotationVerdict } from './rotation-analysis.ts';

export const MAX_RSS = 900 * 1024 * 1024;
const HEAP_MB = 384;
const PHOTO_TIMEOUT_MS = 60_000;
const IDLE_MS = 120_000;

interface Reply {
  id: number;
  verdict?: RotationVerdict;
  error?: string;
  rss: number;
}

let child: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
/** One photo at a time: the child is single-threaded and two would only share its CPU. */
let chain: Promise<unknown> = Promise.resolve();

function stopChild(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const c = child;
  child = undefined;
  if (c && c.exitCode === null) c.kill();
}

function startChild(): ChildProcess {
  const c = fork(fileURLToPath(new URL('./detection-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${HEAP_MB}`],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    if (c.pid) setPriority(c.pid, 19);
  } catch {
    // Lowering priority is a courtesy; a system that refuses it still gets the analysis.
  }
  c.once('exit', () => {
    if (child === c) child = undefined;
  });
  return c;
}

function runOne(file: string): Promise<RotationVerdict> {
  if (idleTimer) clearTimeout(idleTimer);
  child ??= startChild();
  const c = child;
  const id = nextId++;
  return new Promise<RotationVerdict>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      c.off('message', onMessage);
      c.off('exit', onExit);
      idleTimer = setTimeout(stopChild, IDLE_MS);
      idleTimer.unref();
    };
    const timer = setTimeout(() => {
      done();
      stopChild();
      reject(new Error('Rotation analysis took too long'));
    }, PHOTO_TIMEOUT_MS);
    const onMessage = (reply: Reply) => {
      if (reply.id !== id) return;
      done();
      if (reply.rss > MAX_RSS) stopChild();
      if (reply.verdict) resolve(reply.verdict);
      else reject(new Error(reply.error ?? 'Rotation analysis failed'));
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`Rotation analysis stopped (${code})`));
    };
    c.on('message', onMessage);
    c.once('exit', onExit);
    c.send({ id, file });
  });
}

/** Analyses a photo file (JPEG, PNG, WebP...) in the detector's process. */
export function analyseInChild(file: string): Promise<RotationVerdict> {
  const result = chain.then(() => runOne(file));
  chain = result.catch(() => undefined);
  return result;
}

/** Ends the detector's process now (tests, shutdown). */
export function stopDetection(): void {
  stopChild();
}
