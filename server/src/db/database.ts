import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migration-source.ts';

// Return bigint counts and numeric columns as JS numbers: our ids and sizes stay well below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Db = Knex;

export function connect(url: string, poolMax = 10): Db {
  return knexFactory({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

export async function migrate(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}
