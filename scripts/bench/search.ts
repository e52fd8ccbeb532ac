/**
 * The global search at volume (issue 16): seeds 100,000 videos, 50,000 users and 1,000 organizations into a
 * database of its own (generate_series in SQL, a few seconds), then runs each source's query as the server does
 * (repositories/search.repository.ts, threshold setting and all) 50 times with varied words: whole names, names
 * without their accents, one letter off, parts of names and numbers. Prints p50, p95 and max per source beside the
 * goal (p95 under 100 ms) and the machine's load average, since a shared machine's figures say as much about it.
 *
 *   node --import tsx scripts/bench/search.ts [--runs 50]
 *
 * DATABASE_URL names the PostgreSQL server to use, else an embedded one is started; the database is dropped after.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { SEARCH_LIMIT, SEARCH_SOURCES } from '../../common/search-sources.ts';
import { searchRepository } from '../../server/src/repositories/search.repository.ts';
import { createTestDatabase, stopEmbedded } from '../../server/test/database.ts';

const GOAL_P95_MS = 100;
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(args.runs);

const FIRST = ['José', 'Margaret', 'Zoë', 'Anna-Lena', 'Robert', 'Chloé', 'Eleanor', 'Mohammed', 'Siobhán', 'Łukasz', 'Grace', 'William', 'Renée', 'Thomas', 'Ingrid', 'Kwame', 'Hélène', 'James', 'María', 'Olivia', 'Dmitri', 'Aoife', 'Björn', 'Li', 'Samuel', 'Fatima', 'Pierre', 'Noa', 'Henry', 'Amélie', 'Carlos', 'Priya'];
const LAST = ['Álvarez', 'Hughes', 'Björk', 'Chen', 'Dubois', 'Whitfield', 'Castañeda', 'O\'Brien', 'Nowak', 'Müller', 'García', 'Thompson', 'Okafor', 'Nakamura', 'Lindqvist', 'Rossi', 'Fernández', 'Kowalski', 'Murphy', 'Andersson', 'Petrov', 'Gallagher', 'Schröder', 'Haddad', 'Moreau', 'Singh', 'Jensen', 'Ortega', 'Kim', 'Santos', 'Novák', 'Walsh', 'Brennan', 'Delacroix', 'Ibáñez', 'Sørensen', 'Fitzgerald'];
const PLACES = ['Riverside', 'Oak Hill', 'Saint Michael', 'Lakeview', 'Évangéline', 'Greenwood', 'Harbor View', 'Maple Grove', 'Cedar Ridge', 'Montréal', 'Willow Creek', 'Highland'];

/** Words as staff type them: whole, without accents, a letter off, part of a name, two words, an id. */
const WORDS = ['jose', 'José Álvarez', 'margret hughes', 'zoe', 'bjork', 'chen', 'whitfeld', 'castaneda', "o'brien", 'nowak', 'muller', 'garcia', 'thompsen', 'okafor', 'nakamura', 'lindqvist', 'rossi',
  'fernandez', 'kowalsky', 'murphy', 'andersen', 'petrov', 'galagher', 'schroder', 'haddad', 'moreau', 'singh', 'jensen', 'ortega', 'kim', 'santos', 'novak', 'walsh', 'brenan', 'delacroix', 'ibanez',
  'sorensen', 'fitzgerald', 'eleanor', 'siobhan', 'lukasz', 'helene', 'renee', 'amelie', 'riverside', 'evangeline', 'montreal funeral', 'harbour view', 'maria garcia', '4711', 'xylophone'];

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const database = await createTestDatabase();
  const { db } = database;
  try {
    const seeding = Date.now();
    const first = sqlArray(FIRST);
    const last = sqlArray(LAST);
    const places = sqlArray(PLACES);
    // Index arithmetic with co-prime steps spreads the names, so each first and last name pairs with many others.
    await db.raw(`INSERT INTO organizations (organization_name, partner_name)
      SELECT (${places})[1 + i % ${PLACES.length}] || ' ' || (${last})[1 + (i * 7) % ${LAST.length}] || ' Funeral Home ' || i,
             CASE WHEN i % 10 = 0 THEN 'Partner ' || (${last})[1 + (i * 3) % ${LAST.length}] END
      FROM generate_series(1, 1000) AS i`);
    await db.raw(`INSERT INTO users (organization_id, email, name, role, password_hash)
      SELECT o.id, 'user' || i || '@example.com', (${first})[1 + i % ${FIRST.length}] || ' ' || (${last})[1 + (i * 11) % ${LAST.length}], 'staff', 'x'
      FROM generate_series(1, 50000) AS i JOIN organizations o ON o.organization_name LIKE '% ' || (1 + i % 1000)`);
    await db.raw(`INSERT INTO videos (organization_id, title, subtitle, video_code, security_hash, deleted_at)
      SELECT 1 + i % 1000, (${first})[1 + i % ${FIRST.length}] || ' ' || (${first})[1 + (i * 5) % ${FIRST.length}] || ' ' || (${last})[1 + (i * 13) % ${LAST.length}],
             CASE WHEN i % 3 = 0 THEN 'Beloved ' || (${places})[1 + i % ${PLACES.length}] || ' neighbour' ELSE (1920 + i % 80) || ' - 2026' END,
             md5('code' || i), md5('hash' || i), CASE WHEN i % 50 = 0 THEN now() END
      FROM generate_series(1, 100000) AS i`);
    await db.raw('ANALYZE');
    const counts = await db.raw<{ rows: Record<string, number>[] }>(
      'SELECT (SELECT count(*) FROM videos)::int AS videos, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM organizations)::int AS organizations',
    );
    console.log(`Seeded ${JSON.stringify(counts.rows[0])} in ${((Date.now() - seeding) / 1000).toFixed(1)} s.`);

    const search = searchRepository(db);
    const results: { source: string; p50: number; p95: number; max: number; rows: number }[] = [];
    for (const { name } of SEARCH_SOURCES) {
      await search.search(name, 'warm up', SEARCH_LIMIT);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < runs; i++) {
        const words = WORDS[i % WORDS.length];
        const started = process.hrtime.bigint();
        rows += (await search.search(name, words, SEARCH_LIMIT)).length;
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      results.push({ source: name, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], rows: rows / runs });
    }
    console.log(`\nEach source ${runs} times, varied words; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores.\n`);
    console.log(`${'source'.padEnd(18)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}${'rows'.padStart(7)}   goal p95 < ${GOAL_P95_MS} ms`);
    for (const r of results) {
      console.log(`${r.source.padEnd(18)}${r.p50.toFixed(1).padStart(8)}${r.p95.toFixed(1).padStart(8)}${r.max.toFixed(1).padStart(8)}${r.rows.toFixed(1).padStart(7)}   ${r.p95 < GOAL_P95_MS ? 'ok' : 'OVER'}`);
    }
  } finally {
    await database.drop();
    await stopEmbedded();
  }
}

await main();
