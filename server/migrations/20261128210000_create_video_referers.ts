import type { Knex } from 'knex';

/**
 * Where a video's viewers came from (spec 3 section 3.1 details.topReferers): one row per video and referring site
 * (the host of the Referer of a player or tribute page view), with how many views came from it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('video_referers', (t) => {
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.string('site', 255).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['video_id', 'site']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('video_referers');
}
