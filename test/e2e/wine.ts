/**
 * Running Windows programs under wine64 for the Windows build's tests: one prefix per runner (the build cache's
 * long-lived one, or a scratch one a test makes and removes), its commands, and its registry read back from the
 * files wine keeps it in (system.reg is HKLM, user.reg HKCU). Reading the files instead of asking reg.exe saves a
 * wine start (seconds) per key; wine writes them when its server ends, which settle() waits for.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Debian's wine64 package puts its loader in /usr/lib/wine (the wine package adds /usr/bin/wine64). */
export function wineTool(name: 'wine64' | 'wineserver'): string {
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  const debian = path.join('/usr/lib/wine', name);
  if (existsSync(debian)) return debian;
  throw new Error(`${name} is not installed (Debian: apt-get install wine64).`);
}

export interface WineResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Wine {
  prefix: string;
  /**
   * Runs a wine command to its end; answers its exit code and output (wine's start-up noise on stderr is fine).
   * With stdio files, stderr goes to a file too: Node under wine cannot open a Unix pipe as any of its stdio, and
   * it opens stderr lazily (a closing child process's pipe does), which would fail with EBADF.
   */
  run(args: string[], stdio?: { stdin: string; stdout: string }): Promise<WineResult>;
  /** Waits until every program of the prefix has ended (NSIS runs its uninstaller as a copy in the background). */
  settle(): Promise<void>;
  /** Makes the prefix (the first start is slow) and says Windows 10: Node 20 refuses Windows 7, wine's default. */
  init(): Promise<void>;
  /**
   * The values of a registry key, HKLM\... or HKCU\... (name -> type and data as reg.exe shows them; the default
   * value is '(Default)'), or null when it does not exist. Read after settle(): wine writes its registry files then.
   */
  registryValues(key: string): Promise<Map<string, { type: string; data: string }> | null>;
}

export function wine(prefix: string): Wine {
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' });
  const runner: Wine = {
    prefix,
    run(args, stdio) {
      return new Promise((resolve, reject) => {
        const errorFile = stdio ? `${stdio.stdout}.stderr` : null;
        const files = stdio && errorFile ? [openSync(stdio.stdin, 'r'), openSync(stdio.stdout, 'w'), openSync(errorFile, 'w')] : null;
        const child = spawn(wineTool('wine64'), args, { env: env(), stdio: files ?? ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => {
          for (const fd of files ?? []) closeSync(fd);
          if (errorFile) stderr = readFileSync(errorFile, 'utf8');
          resolve({ code, stdout, stderr });
        });
      });
    },
    settle() {
      return new Promise((resolve, reject) => {
        execFile(wineTool('wineserver'), ['-w'], { env: env() }, (error) => (error ? reject(error) : resolve()));
      });
    },
    async init() {
      mkdirSync(prefix, { recursive: true });
      const version = await runner.run(['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f']);
      if (version.code !== 0) throw new Error(`wine could not make its prefix ${prefix}: ${version.stderr}`);
      await runner.settle();
    },
    registryValues(key) {
      return Promise.resolve(readRegistryFile(prefix, key));
    },
  };
  return runner;
}

/** A quoted string of wine's registry files, unescaped (\\, \", \n, \r, \t, \0, \xHHHH). */
function unescapeRegistry(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{1,4}|.)/g, (_, escape: string) => {
    if (escape.startsWith('x') && escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', '0': '\0' } as Record<string, string>)[escape] ?? escape;
  });
}

const QUOTED = '"((?:[^"\\\\]|\\\\.)*)"';
const KEY_LINE = new RegExp('^\\[((?:[^\\]\\\\]|\\\\.)*)\\]');
const VALUE_LINE = new RegExp(`^(?:@|${QUOTED})=(.*)$`);

/** One key's values from system.reg (HKLM) or user.reg (HKCU); key names compare without case, as Windows does. */
function readRegistryFile(prefix: string, key: string): Map<string, { type: string; data: string }> | null {
  const match = /^(HKLM|HKCU)\\(.+)$/i.exec(key);
  if (!match) throw new Error(`Not an HKLM or HKCU key: ${key}`);
  const file = path.join(prefix, match[1]!.toUpperCase() === 'HKLM' ? 'system.reg' : 'user.reg');
  if (!existsSync(file)) return null;
  const wanted = match[2]!.toLowerCase();
  let values: Map<string, { type: string; data: string }> | null = null;
  let inKey = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = KEY_LINE.exec(line);
    if (header) {
      inKey = unescapeRegistry(header[1]!).toLowerCase() === wanted;
      if (inKey) values = new Map();
      continue;
    }
    if (!inKey || !values) continue;
    const value = VALUE_LINE.exec(line);
    if (!value) continue;
    const name = value[1] === undefined ? '(Default)' : unescapeRegistry(value[1]);
    const raw = value[2]!;
    const text = new RegExp(`^(?:str\\(2\\):)?${QUOTED}$`).exec(raw);
    if (text) values.set(name, { type: raw.startsWith('str(2)') ? 'REG_EXPAND_SZ' : 'REG_SZ', data: unescapeRegistry(text[1]!) });
    else if (raw.startsWith('dword:')) values.set(name, { type: 'REG_DWORD', data: `0x${parseInt(raw.slice(6), 16).toString(16)}` });
    else values.set(name, { type: 'REG_BINARY', data: raw });
  }
  return values;
}
