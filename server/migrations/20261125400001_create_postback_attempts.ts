import type { Knex } from 'knex';

/**
 * Each try at POSTing a video's JSON to its postback_url (the admin's "Video Postback" and its retries): what was
 * sent where, the answer's status or the network error, and when, so an admin can see why an integration missed it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('postback_attempts', (t) => {
    t.bigIncrements('id');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.string('delivery_id', 64).notNullable(); // one per enqueue; its retries share it
    t.string('url', 1000).notNullable();
    t.integer('attempt').notNullable();
    t.integer('status_code');
    t.text('error');
    t.integer('duration_ms');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['video_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('postback_attempts');
}
