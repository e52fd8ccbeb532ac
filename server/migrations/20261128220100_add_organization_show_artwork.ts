import type { Knex } from 'knex';

/** Whether the video setup page shows the theme's artwork preview (spec 1 section 2.2, the showArtwork flag); on as before. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.boolean('show_artwork').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('show_artwork');
  });
}
