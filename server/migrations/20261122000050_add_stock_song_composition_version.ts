import type { Knex } from 'knex';

/**
 * Composed stock songs are found by their catalogue key (composition_key, the track id) and carry the version
 * of the composition their files were rendered from, so a changed composition is rendered again and an
 * unchanged one never is.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('stock_songs', (t) => {
    t.string('composition_version', 64);
    t.unique(['composition_key']);
  });
  await knex.schema.alterTable('stock_song_categories', (t) => {
    t.unique(['name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('stock_song_categories', (t) => {
    t.dropUnique(['name']);
  });
  await knex.schema.alterTable('stock_songs', (t) => {
    t.dropUnique(['composition_key']);
    t.dropColumn('composition_version');
  });
}
