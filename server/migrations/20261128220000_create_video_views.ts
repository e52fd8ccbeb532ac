import type { Knex } from 'knex';

/**
 * Who played a video on which (UTC) day, so a view counts once per viewer and day (videos.viewed is the count).
 * A viewer is a keyed hash of the address and browser, never the address itself; rows older than yesterday are
 * removed as new views come in, so the table holds about two days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('video_views', (t) => {
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.string('viewer', 64).notNullable();
    t.primary(['video_id', 'day', 'viewer']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('video_views');
}
