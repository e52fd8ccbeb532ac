import type { Knex } from 'knex';

/**
 * The word side of the global search (issue 16): a full-text (tsvector) GIN index beside each trigram index of
 * 20261127041600, over the same folded document, so that a search finds a word's other forms ('running' finds
 * "Run for Jim") that neither a substring nor a near spelling reaches. The documents are read back from those
 * indexes' own definitions, so the two cannot drift apart. The 'english' configuration stems; to_tsvector with a
 * named configuration is immutable, so it may be indexed.
 */
const TRIGRAM_INDEX = /^CREATE INDEX (\w+)_search_index ON (\S+) USING gin \((.+) gin_trgm_ops\)$/;

async function trigramIndexes(knex: Knex): Promise<{ name: string; table: string; folded: string }[]> {
  const { rows } = await knex.raw<{ rows: { indexdef: string }[] }>(
    "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%\\_search\\_index' ORDER BY indexname",
  );
  return rows.map(({ indexdef }) => {
    const match = TRIGRAM_INDEX.exec(indexdef);
    if (!match) throw new Error(`Unexpected search index: ${indexdef}`);
    return { name: `${match[1]}_words_index`, table: match[2], folded: match[3] };
  });
}

export async function up(knex: Knex): Promise<void> {
  for (const { name, table, folded } of await trigramIndexes(knex)) {
    await knex.raw(`CREATE INDEX ${name} ON ${table} USING gin (to_tsvector('english'::regconfig, ${folded}))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { name } of await trigramIndexes(knex)) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
