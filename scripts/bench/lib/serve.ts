/**
 * A bare server for benchmarks: migrations, HTTP, live sync and the job worker on DATABASE_URL and DATA_DIR,
 * without the demo seed (whose background work would be measured too). Prints its address as one JSON line.
 * BENCH_WORKER=0 leaves the job worker out (and with it the stock library's preparation), for benches of HTTP alone.
 */
import { loadConfig } from '../../../server/src/config.ts';
import { prepareDatabase, startServer } from '../../../server/src/server.ts';

const config = loadConfig();
const db = await prepareDatabase(config.databaseUrl);
const running = await startServer(config, db, config.databaseUrl, { worker: process.env.BENCH_WORKER !== '0' });
console.log(JSON.stringify({ url: running.url }));
process.on('SIGTERM', () => {
  void running.stop().then(() => process.exit(0));
});
