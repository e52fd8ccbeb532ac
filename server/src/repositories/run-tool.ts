import { spawn, type ChildProcess } from 'node:child_process';

export interface ToolResult {
  stdout: string;
  stderr: string;
}

/** A command-line tool that exited with an error; `stderr` holds its last words. */
export class ToolError extends Error {
  readonly code: number | null;
  readonly stderr: string;
  constructor(command: string, code: number | null, stderr: string) {
    super(`${command} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.name = 'ToolError';
    this.code = code;
    this.stderr = stderr;
  }
}

const MAX_CAPTURE = 4 * 1024 * 1024;

/**
 * The tools running now. When this process ends they end with it: an ffmpeg left behind would go on using the
 * cores for minutes after Ctrl-C, for a piece whose job is retried (from scratch) by the next worker anyway.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Runs a tool without a shell (arguments are never parsed), collecting its output; rejects on a non-zero exit. */
export function runTool(command: string, args: string[], timeoutMs: number): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_CAPTURE) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_384);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      running.delete(child);
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ToolError(command, code, signal ? `${stderr}\nkilled by ${signal}` : stderr));
    });
  });
}
