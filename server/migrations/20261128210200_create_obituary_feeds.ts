import type { Knex } from 'knex';

/**
 * An organization's obituary feed: the address of a CSV of its website's obituaries (the import's columns), fetched on
 * a schedule so the obituary tables follow the funeral home's real pages. One feed per organization.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('obituary_feeds', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().unique().references('organizations.id').onDelete('CASCADE');
    t.string('url', 1000).notNullable();
    t.timestamp('last_run_at', { useTz: true });
    t.jsonb('last_result'); // the import's answer, or {error} when the feed could not be read
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('obituary_feeds');
}
