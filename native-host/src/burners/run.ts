/** Runs a system tool for a burner: its output line by line as it comes, and its whole output at the end. */
import { spawn } from 'node:child_process';

export interface RunResult {
  code: number | null;
  output: string;
  /** The tool was not found. */
  missing: boolean;
}

export function run(command: string, args: readonly string[], options: { onLine?: (line: string) => void; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, windowsHide: true });
    let output = '';
    let partial = '';
    // Progress lines of the burn tools end in \r as often as in \n.
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (output.length < 1_000_000) output += text;
      partial += text;
      const lines = partial.split(/\r\n|\r|\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) options.onLine?.(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = options.timeoutMs ? setTimeout(() => child.kill(), options.timeoutMs) : undefined;
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, output: output + error.message, missing: error.code === 'ENOENT' });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (partial.trim()) options.onLine?.(partial);
      resolve({ code, output, missing: false });
    });
  });
}
