import { spawn, type ChildProcess } from 'node:child_process';
import { cpuLog, currentStage } from './cpu-account.ts';
import { nativeProgram } from './native-programs.ts';

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

/** A program whose standard output the tool reads at descriptor `fd` (3, 4 and so on): `pipe:3` to ffmpeg. */
export interface ToolFeed {
  command: string;
  args: string[];
  fd: number;
}

interface Exit {
  command: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of every tool. Debian's ffmpeg loads OpenBLAS (through libsphinxbase, for its speech-to-text filter), which starts a
 * thread per core when it loads and has it spin on sched_yield for a while: thousands of calls, about 4% of a
 * one-second segment's CPU, in every ffmpeg run, for a library no graph of ours calls. One thread starts none.
 */
// Read at each start, so a variable the process sets later (a test's, a config's) reaches its tools too.
const toolEnv = (): NodeJS.ProcessEnv => ({ ...process.env, OPENBLAS_NUM_THREADS: process.env.OPENBLAS_NUM_THREADS ?? '1' });

/**
 * Starts one process and answers how it ended, with what it said; `error` is a failure to start it at all. With
 * `account` (the path of the built cpu-of program, while the CPU account is kept: cpu-account.ts), the process is
 * started through it, which logs its CPU seconds under the caller's stage when it ends.
 */
function started(command: string, args: string[], stdio: Parameters<typeof spawn>[2]['stdio'], collect: boolean, account: string | null): { child: ChildProcess; exit: Promise<Exit> } {
  const log = account && cpuLog();
  const child = log ? spawn(account, [log, currentStage(), command, ...args], { stdio, env: toolEnv() }) : spawn(command, args, { stdio, env: toolEnv() });
  running.add(child);
  let stdout = '';
  let stderr = '';
  if (collect) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_CAPTURE) stdout += chunk;
    });
  }
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-16_384);
  });
  const exit = new Promise<Exit>((resolve, reject) => {
    child.once('error', (err) => {
      running.delete(child);
      reject(err);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ command, code, signal, stdout, stderr });
    });
  });
  return { child, exit };
}

const failure = (exit: Exit): ToolError => new ToolError(exit.command, exit.code, exit.signal ? `${exit.stderr}\nkilled by ${exit.signal}` : exit.stderr);

/**
 * Runs a tool without a shell (arguments are never parsed), collecting its output; rejects on a non-zero exit. With
 * `feeds`, their programs run beside it, each writing into a pipe the tool reads at the feed's descriptor; a feed
 * that fails fails the run, so a picture cut short is never taken for a finished one.
 */
export async function runTool(command: string, args: string[], timeoutMs: number, feeds: ToolFeed[] = [], options: { account?: boolean } = {}): Promise<ToolResult> {
  // account false: a tool that is not the render's own work (a test's ps) stays out of the CPU account.
  const account = cpuLog() && options.account !== false ? await nativeProgram('cpu-of') : null;
  const feeding = feeds.map((feed) => ({ feed, ...started(feed.command, feed.args, ['ignore', 'pipe', 'pipe'], false, account) }));
  const stdio: ('ignore' | 'pipe' | NodeJS.ReadableStream)[] = ['ignore', 'pipe', 'pipe'];
  for (const { feed, child } of feeding) {
    while (stdio.length < feed.fd) stdio.push('ignore');
    stdio[feed.fd] = child.stdout!;
  }
  let tool: ReturnType<typeof started>;
  try {
    tool = started(command, args, stdio as Parameters<typeof spawn>[2]['stdio'], true, account);
  } finally {
    // The tool has its own copy of each pipe; ours closed, a feed learns at once when the tool stops reading.
    for (const { child } of feeding) child.stdout!.destroy();
  }
  const all = [tool, ...feeding];
  const timer = setTimeout(() => all.forEach(({ child }) => child.kill('SIGKILL')), timeoutMs);
  try {
    const main = await tool.exit.catch((err: unknown) => {
      for (const { child } of feeding) child.kill('SIGKILL');
      throw err;
    });
    if (main.code !== 0) for (const { child } of feeding) child.kill('SIGKILL');
    const fed = await Promise.all(feeding.map(({ exit }) => exit));
    if (main.code !== 0) {
      // A feed that failed first is the likelier cause: ffmpeg then only says its input ended.
      const cause = fed.find((f) => f.code !== 0 && f.code !== null);
      throw failure(cause ? { ...main, stderr: `${cause.stderr}\n${main.stderr}` } : main);
    }
    const broken = fed.find((f) => f.code !== 0);
    if (broken) throw failure(broken);
    return { stdout: main.stdout, stderr: main.stderr };
  } finally {
    clearTimeout(timer);
  }
}
