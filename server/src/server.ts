import { createServer, type Server } from 'node:http';
import { answerClientErrors } from './http/client-errors.ts';
import path from 'node:path';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { connect, migrate, type Db } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { createDeps, type Deps } from './deps.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { startQueue } from './jobs/queue.ts';
import { startLive } from './live/live.ts';
import { sweepScratchNow } from './repositories/temp-files.ts';

export interface Running {
  url: string;
  deps: Deps;
  http: Server;
  stop(): Promise<void>;
}

/** The database URL to use: DATABASE_URL, or an embedded PostgreSQL with its data under DATA_DIR/pg. */
export async function openDatabase(config: Config): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), 'tribute');
  return { url: embedded.url, embedded };
}

export async function prepareDatabase(url: string): Promise<Db> {
  const db = connect(url);
  await migrate(db);
  return db;
}

/** Starts HTTP, live sync and (unless `worker: false`) the job worker on an already migrated database. */
export async function startServer(config: Config, db: Db, databaseUrl: string, options: { worker?: boolean } = {}): Promise<Running> {
  const queue = await startQueue(databaseUrl);
  const deps = createDeps(config, db, queue);
  if (options.worker !== false) {
    await sweepScratchNow();
    await queue.work(jobHandlers(deps));
    await deps.uploads.recover();
    // Not awaited: the stock music and theme pictures are made while people already use the product.
    void deps.library.start().catch((err: unknown) => console.error('Preparing the stock library failed:', err));
  }
  const app = createApp(deps);
  const http = createServer(app.callback());
  answerClientErrors(http);
  deps.live = startLive(http, databaseUrl, { db, sessions: deps.repos.sessions, videos: deps.repos.videos });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    deps,
    http,
    async stop() {
      await deps.live?.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      // Before the queue and the database close: the preparation holds a connection of its own while it runs.
      await deps.library.stop();
      await queue.stop();
    },
  };
}
