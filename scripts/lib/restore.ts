import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar';
import { connect, type Db } from '../../server/src/db/database.ts';
import { migrationSource } from '../../server/src/db/migration-source.ts';
import { DATA_FILES } from './backup.ts';
import { UserError } from './cli.ts';
import { BACKUP_FORMAT, ENTRY, readManifest, type Manifest } from './manifest.ts';
import { runPgTool } from './pg-tools.ts';
import { scratch } from './scratch.ts';

export interface RestoreOptions {
  file: string;
  /** The database to fill (the caller has resolved DATABASE_URL or the embedded one). */
  databaseUrl: string;
  dataDir: string;
  /** Replace whatever the target holds instead of refusing. */
  force?: boolean;
}

/** The target already holds data; restoring would mix two installations. */
export class RestoreRefused extends UserError {}

const SYSTEM_SCHEMA = "nspname IN ('pg_catalog', 'information_schema') OR nspname LIKE 'pg\\_%'";

async function userSchemas(db: Db): Promise<string[]> {
  const rows = await db.raw<{ rows: { nspname: string }[] }>(`SELECT nspname FROM pg_namespace WHERE NOT (${SYSTEM_SCHEMA})`);
  return rows.rows.map((r) => r.nspname);
}

async function tableCount(db: Db): Promise<number> {
  const { rows } = await db.raw<{ rows: { n: number }[] }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND NOT (${SYSTEM_SCHEMA})`,
  );
  return rows[0].n;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** Reads the archive's manifest and refuses one this version cannot restore. */
export async function checkBackup(file: string): Promise<Manifest> {
  const manifest = await readManifest(file);
  if (manifest.app !== 'tribute' || typeof manifest.format !== 'number') throw new UserError(`${file} is not a Tribute backup.`);
  if (manifest.format > BACKUP_FORMAT) {
    throw new UserError(`${file} has backup format ${manifest.format}; this version reads format ${BACKUP_FORMAT}. Update Tribute, then restore.`);
  }
  const known = new Set(await migrationSource.getMigrations([]));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new UserError(`${file} was made by a newer version (${manifest.app_version}) with migrations this version lacks: ${unknown.join(', ')}. Update Tribute, then restore.`);
  }
  return manifest;
}

/** Drops every schema (tables, pg-boss queue, extensions) and leaves an empty public schema, as on a new database. */
async function emptyDatabase(db: Db): Promise<void> {
  for (const schema of await userSchemas(db)) await db.raw('DROP SCHEMA ?? CASCADE', [schema]);
  await db.raw('CREATE SCHEMA public');
}

/**
 * Brings a backup into an empty installation: the database through pg_restore (inside one transaction, so a
 * failure leaves it as it was) and the media and data files into DATA_DIR. Refuses a target that holds data
 * unless `force`, which replaces it.
 */
export async function restore(options: RestoreOptions): Promise<Manifest> {
  const file = path.resolve(options.file);
  const manifest = await checkBackup(file);

  const media = path.join(options.dataDir, 'media');
  const db = connect(options.databaseUrl, 1);
  try {
    const tables = await tableCount(db);
    const mediaEmpty = await isEmptyDir(media);
    if ((tables > 0 || !mediaEmpty) && !options.force) {
      const what = [tables > 0 && `the database has ${tables} tables`, !mediaEmpty && `${media} has files`].filter(Boolean).join(' and ');
      throw new RestoreRefused(`Not restoring: ${what}. Restore into an empty installation, or add --force to replace everything there.`);
    }

    await mkdir(options.dataDir, { recursive: true });
    // Unpacked beside its destination, so the media move into place by rename instead of a second copy.
    const staging = await mkdtemp(path.join(options.dataDir, '.restore-'));
    const temporary = scratch(staging);
    try {
      await extract({ file, cwd: staging });
      if (options.force) await emptyDatabase(db);
      await runPgTool('pg_restore', options.databaseUrl, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', path.join(staging, ENTRY.database)]);
      await rm(media, { recursive: true, force: true });
      const data = path.join(staging, ENTRY.data);
      for (const name of [...DATA_FILES, 'media']) {
        if (existsSync(path.join(data, name))) await rename(path.join(data, name), path.join(options.dataDir, name));
      }
    } finally {
      await temporary.remove();
    }
  } finally {
    await db.destroy();
  }
  return manifest;
}

