import { loadConfig } from '../server/src/config.ts';
import { connect, migrate } from '../server/src/db/database.ts';
import { runCli } from './lib/cli.ts';
import { openTargetDatabase } from './lib/target-database.ts';

/** `npm run migrate`: applies pending migrations to DATABASE_URL or the embedded database (`npm start` does too). */
runCli(async () => {
  const target = await openTargetDatabase(loadConfig());
  try {
    const db = connect(target.url, 1);
    try {
      const applied = await migrate(db);
      console.log(applied.length ? `Applied ${applied.length} migrations:\n  ${applied.join('\n  ')}` : 'The database is up to date.');
    } finally {
      await db.destroy();
    }
  } finally {
    await target.release();
  }
});
