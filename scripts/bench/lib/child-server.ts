import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../../server/src/db/embedded.ts';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Resident memory of the server process now, in bytes. */
  rss(): number;
  /** The kernel's high-water mark of the server's resident memory, in bytes. */
  peakRss(): number;
  stop(): Promise<void>;
}

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

/** Runs the server in its own process so its memory is measured apart from the benchmark's client. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve.ts')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  const pid = child.pid!;
  return {
    url,
    process: child,
    rss: () => statusField(pid, 'VmRSS'),
    peakRss: () => statusField(pid, 'VmHWM'),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
