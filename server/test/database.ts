import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { connect, migrate, type Db } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';

let embedded: EmbeddedDatabase | undefined;
let embeddedDir: string | undefined;

/** The server tests talk to: DATABASE_URL, else an embedded PostgreSQL started once for this process. */
export async function serverUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (!embedded) {
    embeddedDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-pg-'));
    embedded = await startEmbeddedPostgres(embeddedDir, 'postgres', 0);
  }
  return embedded.url;
}

export async function stopEmbedded(): Promise<void> {
  await embedded?.stop();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
  embedded = undefined;
}

export interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database with every migration applied (named `name`, else a random name); drop() removes it again. */
export async function createTestDatabase(name = `tribute_test_${randomBytes(6).toString('hex')}`): Promise<TestDatabase> {
  const base = await serverUrl();
  const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = connect(url.toString());
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
