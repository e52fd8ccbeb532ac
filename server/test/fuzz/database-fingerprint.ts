import type { Db } from '../../src/db/database.ts';

/** One digest per table of the public schema: equal digests, equal contents. */
export type Fingerprint = Record<string, string>;

/**
 * Tables a refused call may rightly change: a failed sign-in is counted so that guessing is throttled
 * (login_attempts), and a signed-in caller's session notes when it was last used (sessions).
 */
const ALLOWED_TO_CHANGE = new Set(['login_attempts', 'sessions', 'knex_migrations', 'knex_migrations_lock']);

export async function databaseFingerprint(db: Db): Promise<Fingerprint> {
  const tables = (await db('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).pluck('table_name')) as string[];
  const checked = tables.filter((t) => !ALLOWED_TO_CHANGE.has(t)).sort();
  const sql = checked.map((t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM "${t}" x`).join(' UNION ALL ');
  const { rows } = await db.raw<{ rows: { t: string; d: string }[] }>(sql);
  return Object.fromEntries(rows.map((r) => [r.t, r.d]));
}
