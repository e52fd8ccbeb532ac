import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { backup, defaultBackupFile } from './lib/backup.ts';
import { runCli } from './lib/cli.ts';
import { openTargetDatabase } from './lib/target-database.ts';

/** `npm run backup [FILE]`: database and media in one .tar.gz (default backups/tribute-backup-<time>.tar.gz). */
runCli(async () => {
  const config = loadConfig();
  const file = process.argv[2] ?? defaultBackupFile();
  const target = await openTargetDatabase(config, { mustExist: true });
  try {
    const result = await backup({ databaseUrl: target.url, dataDir: config.dataDir, file });
    const { manifest } = result;
    console.log(`Backup written to ${path.relative(process.cwd(), result.file) || result.file} (${(result.bytes / 1e6).toFixed(1)} MB).`);
    console.log(`  database with ${manifest.migrations.length} migrations, ${manifest.media_files} media files (${(manifest.media_bytes / 1e6).toFixed(1)} MB)`);
  } finally {
    await target.release();
  }
});
