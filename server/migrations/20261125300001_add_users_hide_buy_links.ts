import type { Knex } from 'knex';

/**
 * A user may hide every buy link on the players of their videos (spec 3 section 5: the per-video hide-buy checkbox
 * is offered only while this is off, since it would change nothing).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('hide_buy_links').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('hide_buy_links');
  });
}
