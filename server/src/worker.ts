import { loadConfig } from './config.ts';
import { connect } from './db/database.ts';
import { createDeps } from './deps.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { startQueue } from './jobs/queue.ts';
import { startLiveNotifier } from './live/live.ts';
import { sweepScratchNow } from './repositories/temp-files.ts';

/** `npm run worker`: an extra job worker sharing DATABASE_URL and the media (DATA_DIR, or STORAGE_URL's bucket) with the server. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL (the database the server uses).');
  const db = connect(config.databaseUrl, 4);
  const queue = await startQueue(config.databaseUrl);
  const deps = createDeps(config, db, queue);
  // No HTTP here, but a slide this worker finishes must still bump update_id and reach the servers' editors.
  deps.live = startLiveNotifier(config.databaseUrl, db);
  await sweepScratchNow();
  await queue.work(jobHandlers(deps));
  console.log('Worker started.');
  const stop = async () => {
    await queue.stop();
    await deps.live?.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
