import { loadConfig } from '../server/src/config.ts';
import { runCli, UserError } from './lib/cli.ts';
import { checkBackup, restore } from './lib/restore.ts';
import { openTargetDatabase } from './lib/target-database.ts';

const USAGE = 'Usage: npm run restore -- FILE [--force]   (--force replaces a database and media that are not empty)';

/** `npm run restore -- FILE [--force]`: a backup into an empty installation (DATABASE_URL or the embedded database). */
runCli(async () => {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (files.length !== 1 || unknown.length) throw new UserError(USAGE);
  // `npm run restore FILE --force` (without `--`) hands the flag to npm, which passes it on as npm_config_force.
  const force = args.includes('--force') || process.env.npm_config_force === 'true';

  await checkBackup(files[0]);
  const config = loadConfig();
  const target = await openTargetDatabase(config, { refuseRunning: true });
  try {
    const manifest = await restore({ file: files[0], databaseUrl: target.url, dataDir: config.dataDir, force });
    console.log(`Restored the backup of ${manifest.created_at} (version ${manifest.app_version}): database and ${manifest.media_files} media files.`);
    console.log('Start Tribute with: npm start');
  } finally {
    await target.release();
  }
});
