/**
 * A bare server for benchmarks: migrations, HTTP, live sync and the job worker on DATABASE_URL and DATA_DIR,
 * without the demo seed (whose background work would be measured too). Prints its address as one JSON line.
 */
import { loadConfig } from '../../../server/src/config.ts';
import { prepareDatabase, startServer } from '../../../server/src/server.ts';

const config = loadConfig();
const db = await prepareDatabase(config.databaseUrl);
const running = await startServer(config, db, config.databaseUrl);
console.log(JSON.stringify({ url: running.url }));
process.on('SIGTERM', () => {
  void running.stop().then(() => process.exit(0));
});
