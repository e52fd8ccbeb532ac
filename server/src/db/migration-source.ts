import type { Knex } from 'knex';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../config.ts';

const dir = path.join(projectRoot, 'server', 'migrations');

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Loads server/migrations/<timestamp>_<verb_noun>.ts in name order; files are never edited after landing. */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(dir)
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    return (await import(pathToFileURL(path.join(dir, name)).href)) as Migration;
  },
};
