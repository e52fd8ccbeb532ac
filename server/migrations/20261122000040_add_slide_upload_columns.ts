import type { Knex } from 'knex';

/** Ties a slide to its resumable (tus) upload and records when bytes last arrived, for the 24-hour expiry. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('slides', (t) => {
    t.string('tus_id', 100).unique();
    t.timestamp('upload_activity_at', { useTz: true });
    t.boolean('via_upload_link').notNullable().defaultTo(false);
  });
  await knex.raw(`CREATE INDEX slides_uploading_idx ON slides (upload_activity_at) WHERE processing_state = 'uploading'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS slides_uploading_idx');
  await knex.schema.alterTable('slides', (t) => {
    t.dropColumn('tus_id');
    t.dropColumn('upload_activity_at');
    t.dropColumn('via_upload_link');
  });
}
