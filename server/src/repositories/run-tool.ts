import { spawn } from 'node:child_process';

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

/** Runs a tool without a shell (arguments are never parsed), collecting its output; rejects on a non-zero exit. */
export function runTool(command: string, args: string[], timeoutMs: number): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ToolError(command, code, signal ? `${stderr}\nkilled by ${signal}` : stderr));
    });
  });
}
