import type { Knex } from 'knex';

/**
 * The server's window prints of each photo's thumbnail (media/window-prints.ts): the second source of candidate
 * duplicate pairs, light crops the browser's whole-picture fingerprint cannot see. `version` names the thumbnail
 * they were made from (its URL), so an edit that changes the thumbnail makes them again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('slide_prints', (t) => {
    t.integer('slide_id').primary().references('slides.id').onDelete('CASCADE');
    t.integer('video_id').notNullable().index();
    t.text('version').notNullable();
    t.jsonb('prints').notNullable();
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('slide_prints');
}
