import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';
import { projectRoot } from '../../server/src/config.ts';
import { connect } from '../../server/src/db/database.ts';
import { isTempName } from '../../server/src/repositories/temp-files.ts';
import { appliedMigrations, appVersion, BACKUP_FORMAT, ENTRY, type Manifest } from './manifest.ts';
import { runPgTool } from './pg-tools.ts';
import { scratch } from './scratch.ts';

export interface BackupOptions {
  /** The database to dump (the caller has resolved DATABASE_URL or the embedded one). */
  databaseUrl: string;
  dataDir: string;
  /** Where the .tar.gz goes; written under a temporary name and renamed when complete. */
  file: string;
}

/** Files kept beside the media: with them, sessions and the printed demo logins survive a restore. */
export const DATA_FILES = ['session-secret', 'demo-password'];

/** A file still being written (or left by a writer that died), renamed into place when done: never backed up. */
export const isPartialMediaFile = isTempName;

const pad = (n: number) => String(n).padStart(2, '0');

export function defaultBackupFile(now = new Date()): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return path.join(projectRoot, 'backups', `tribute-backup-${stamp}.tar.gz`);
}

async function mediaTotals(dir: string): Promise<{ files: number; bytes: number }> {
  const totals = { files: 0, bytes: 0 };
  if (!existsSync(dir)) return totals;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || isPartialMediaFile(entry.name)) continue;
    totals.files += 1;
    totals.bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return totals;
}

/**
 * Writes one archive with a consistent dump of the database and the media under DATA_DIR.
 *
 * The dump is a single snapshot (pg_dump runs in one transaction). The media are copied after it, while the
 * server may keep working: the storage repository writes every file under a temporary name and renames it
 * into place, so a file is either whole or absent (half-written .tmp files are skipped). A file that appears
 * after the snapshot is merely unreferenced, and deleting is a soft delete whose files stay on disk until a
 * purge job 30 days later, so every file the dump refers to is in the archive.
 */
export async function backup(options: BackupOptions): Promise<{ file: string; manifest: Manifest; bytes: number }> {
  const file = path.resolve(options.file);
  await mkdir(path.dirname(file), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(file), '.tribute-backup-'));
  const partial = `${file}.partial`;
  const temporary = scratch(staging, partial);
  try {
    const db = connect(options.databaseUrl, 1);
    let migrations: string[];
    try {
      migrations = await appliedMigrations(db);
    } finally {
      await db.destroy();
    }
    await runPgTool('pg_dump', options.databaseUrl, ['--format=custom', `--file=${path.join(staging, ENTRY.database)}`]);

    const media = path.join(options.dataDir, 'media');
    const totals = await mediaTotals(media);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: 'tribute',
      app_version: appVersion(),
      created_at: new Date().toISOString(),
      migrations,
      media_files: totals.files,
      media_bytes: totals.bytes,
    };
    await writeFile(path.join(staging, ENTRY.manifest), JSON.stringify(manifest, null, 2) + '\n');

    // The data entries are symlinks into DATA_DIR that tar follows, so media are read in place, not copied.
    const data = path.join(staging, ENTRY.data);
    await mkdir(data);
    for (const name of [...DATA_FILES, 'media']) {
      if (existsSync(path.join(options.dataDir, name))) await symlink(path.join(options.dataDir, name), path.join(data, name));
    }
    await create(
      { file: partial, cwd: staging, gzip: true, portable: true, follow: true, filter: (p) => !isPartialMediaFile(path.basename(p)) },
      [ENTRY.manifest, ENTRY.database, ENTRY.data],
    );
    await rename(partial, file);
    return { file, manifest, bytes: (await stat(file)).size };
  } finally {
    await temporary.remove();
  }
}
