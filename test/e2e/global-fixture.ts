import { randomBytes } from 'node:crypto';
import { RUN_ENV } from '../../server/test/database.ts';

/**
 * Mocha global fixture for the browser tests' shared app (shared.ts). Setup, in the main process before any worker
 * starts, names the run, so each worker's shared database is known by name. Teardown, after every file has run: the
 * shared app and browser this process started (a serial run) are closed, and the shared databases of the run's
 * parallel workers (which mocha ends without a hook) are dropped.
 */
export { RUN_ENV };
/** Every shared app's database is named `${SHARED_DB_PREFIX}${run}_${pid}`. */
export const SHARED_DB_PREFIX = 'tribute_test_shared_';

/** What this process must close at the end of the run (shared.ts adds to it). */
export const closers: (() => Promise<void>)[] = [];

export function mochaGlobalSetup(): void {
  process.env[RUN_ENV] ??= randomBytes(4).toString('hex');
}

export async function mochaGlobalTeardown(): Promise<void> {
  for (const close of closers.splice(0)) await close();
  const run = process.env[RUN_ENV];
  if (!run || !process.env.DATABASE_URL) return;
  const { default: knexFactory } = await import('knex');
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    const rows: { datname: string }[] = await admin('pg_database').where('datname', 'like', `${SHARED_DB_PREFIX}${run}_%`).select('datname');
    for (const { datname } of rows) await admin.raw(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.destroy();
  }
}
