import { spawn } from 'node:child_process';
import { UserError } from './cli.ts';

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) on a database URL. The password travels in PGPASSWORD
 * rather than on the command line, where `ps` would show it to every user of the machine.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${parsed.toString()}`, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT' ? new UserError(`${tool} is missing: install the PostgreSQL client (sudo apt-get install postgresql-client).`) : err);
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new UserError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
