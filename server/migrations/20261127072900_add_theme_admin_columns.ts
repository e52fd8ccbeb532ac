import type { Knex } from 'knex';

/**
 * The themes page of the super drawer (/settings/themes): `position` is the house order of the theme list (the
 * picker's list and its 'Most Popular' ties follow it; null comes after every placed theme, by id), and
 * `overrides` keeps what an administrator changed on a catalogue theme (title, tags, visibility, art), which
 * seedThemes lays over the catalogue's design at every start instead of putting the catalogue's back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('themes', (t) => {
    t.integer('position');
    t.jsonb('overrides').notNullable().defaultTo('{}');
  });
  // The order people saw until now: by id.
  await knex('themes').update({ position: knex.ref('id') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('themes', (t) => {
    t.dropColumn('position');
    t.dropColumn('overrides');
  });
}
