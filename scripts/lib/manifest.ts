import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser, type ReadEntry } from 'tar';
import { projectRoot } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import { UserError } from './cli.ts';

/** Raised when the archive layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT = 1;

/**
 * A backup archive holds, in this order: manifest.json, database.dump (pg_dump custom format), then
 * data/session-secret, data/demo-password and data/media/... mirroring DATA_DIR.
 */
export const ENTRY = { manifest: 'manifest.json', database: 'database.dump', data: 'data' } as const;

export interface Manifest {
  format: number;
  app: 'tribute';
  app_version: string;
  created_at: string;
  /** knex_migrations of the backed-up database, oldest first. */
  migrations: string[];
  media_files: number;
  media_bytes: number;
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function appliedMigrations(db: Db): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  return (await db('knex_migrations').orderBy('id').pluck('name')) as string[];
}

/** Reads manifest.json from the start of the archive without unpacking the rest. */
export function readManifest(file: string): Promise<Manifest> {
  return new Promise((resolve, reject) => {
    const input = createReadStream(file);
    const done = (err?: Error, manifest?: Manifest) => {
      input.destroy();
      if (err) reject(err);
      else resolve(manifest as Manifest);
    };
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        if (entry.path !== ENTRY.manifest) {
          done(new UserError(`${file} is not a Tribute backup: it does not start with ${ENTRY.manifest}.`));
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          try {
            done(undefined, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest);
          } catch {
            done(new UserError(`${file} has an unreadable ${ENTRY.manifest}.`));
          }
        });
      },
    });
    parser.on('error', () => done(new UserError(`${file} is not a readable .tar.gz archive.`)));
    input.on('error', (err: NodeJS.ErrnoException) => done(err.code === 'ENOENT' ? new UserError(`${file} does not exist.`) : err));
    input.on('end', () => done(new UserError(`${file} is not a Tribute backup: it has no ${ENTRY.manifest}.`)));
    input.pipe(parser);
  });
}
