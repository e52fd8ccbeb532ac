import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../server/src/config.ts';
import { APP_DATABASE, embeddedUrl, runningPostmaster, startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { UserError } from './cli.ts';

export interface TargetDatabase {
  url: string;
  /** Stops the embedded PostgreSQL when this command started it. */
  release(): Promise<void>;
}

export interface TargetOptions {
  /** Refuse when no embedded database exists yet rather than create an empty one (backup). */
  mustExist?: boolean;
  /** Refuse while the server runs on the embedded database (restore replaces what it is using). */
  refuseRunning?: boolean;
}

/**
 * The database a maintenance command works on: DATABASE_URL when set; otherwise the embedded PostgreSQL
 * under DATA_DIR/pg, reached on the port in its postmaster.pid while the server runs, or started for the
 * length of the command when it does not.
 */
export async function openTargetDatabase(config: Config, options: TargetOptions = {}): Promise<TargetDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, release: async () => undefined };
  const dir = path.join(config.dataDir, 'pg');
  const running = runningPostmaster(dir);
  if (running) {
    if (options.refuseRunning) {
      throw new UserError(`The database in ${dir} is in use (PostgreSQL pid ${running.pid}), most likely by a running npm start: stop it with Ctrl-C first.`);
    }
    return { url: embeddedUrl(running.port, APP_DATABASE), release: async () => undefined };
  }
  if (options.mustExist && !existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new UserError(`There is no database to back up: ${dir} does not exist and DATABASE_URL is not set.`);
  }
  const embedded = await startEmbeddedPostgres(dir, APP_DATABASE);
  return { url: embedded.url, release: () => embedded.stop() };
}
