import net from 'node:net';
import { burnerStartNotes } from './burner/burner-builds.service.ts';
import { loadConfig, type Config } from './config.ts';
import type { Db } from './db/database.ts';
import { DatabaseInUse } from './db/embedded.ts';
import { seedDemo, type DemoLogin } from './seed/demo.ts';
import { openDatabase, prepareDatabase, startServer, type Running } from './server.ts';

type OpenDatabase = Awaited<ReturnType<typeof openDatabase>>;

class PortInUse extends Error {}

/** Checked before the database starts, so a second `npm start` fails in a moment with a message that names the fix. */
function checkPort(config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUse() : err));
    probe.listen(config.port, config.host, () => probe.close(() => resolve()));
  });
}

const portMessage = (config: Config) =>
  `Port ${config.port} on ${config.host} is already in use (another npm start?). Stop that program or choose another port: PORT=${config.port + 1} npm start`;

/** Migrations, demo seed and the server on an open database; on failure nothing is left running. */
async function startOn(config: Config, database: OpenDatabase): Promise<{ db: Db; running: Running; logins: DemoLogin[] }> {
  let db: Db | undefined;
  try {
    db = await prepareDatabase(database.url);
    // No database address: the demo videos' renders are queued once the library preparation has made the stock
    // songs and theme previews (deps.ts, whenReady), so they do not hold up what a new user opens first.
    const logins = await seedDemo(db, config);
    return { db, logins, running: await startServer(config, db, database.url) };
  } catch (err) {
    await db?.destroy();
    await database.embedded?.stop();
    throw (err as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new PortInUse() : err;
  }
}

/** `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, HTTP, live sync and the job worker. */
async function main(): Promise<void> {
  const config = loadConfig();
  await checkPort(config);
  const database = await openDatabase(config);
  const { db, running, logins } = await startOn(config, database);

  console.log(`\nTribute is running at ${config.publicUrl} (listening on ${running.url})`);
  console.log('Demo logins:');
  for (const login of logins) console.log(`  ${login.email.padEnd(20)} password: ${login.password}   (${login.role})`);
  for (const note of burnerStartNotes(config)) console.log(`\n${note}`);
  console.log('Press Ctrl-C to stop.\n');

  // Order matters: no new requests or jobs, then the connections, then the embedded PostgreSQL they used.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 20_000);
    force.unref();
    // An open browser tab or a half-sent request keeps its connection, which would hold up closing the
    // server: requests in flight get a moment to finish, then the remaining connections are cut.
    setTimeout(() => running.http.closeAllConnections(), 2_000).unref();
    let code = 0;
    try {
      await running.stop();
      await db.destroy();
      await database.embedded?.stop();
      console.log('Stopped.');
    } catch (err) {
      console.error('Shutdown failed:', err);
      code = 1;
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

main().catch((err) => {
  if (err instanceof PortInUse) console.error(portMessage(loadConfig()));
  else if (err instanceof DatabaseInUse) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
