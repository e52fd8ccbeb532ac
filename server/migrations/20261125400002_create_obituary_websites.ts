import type { Knex } from 'knex';

/**
 * The obituary websites an organization runs with its website partner, their obituaries, and which videos each
 * obituary shows (spec 3 section 3.2 "Obituary status response"). A video finds its obituary through its obit_url
 * (the website's domain and the obituary's slug) or its foreign_id (the obituary's id at the website).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('obituary_websites', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 250).notNullable();
    t.string('domain', 250).notNullable(); // host name, e.g. www.example-funeral-home.com
    t.string('obituary_slug', 100).notNullable().defaultTo('obituaries'); // path of the obituary pages
    t.timestamps(true, true);
    t.index(['organization_id']);
    t.index(['domain']);
  });
  await knex.schema.createTable('obituaries', (t) => {
    t.increments('id');
    t.integer('website_id').notNullable().references('obituary_websites.id').onDelete('CASCADE');
    t.string('slug', 250).notNullable();
    t.string('foreign_id', 250); // the obituary's id at the website, as its integration sends it in videos.foreign_id
    t.timestamp('published_at', { useTz: true }); // null while a draft
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['website_id', 'slug']);
    t.index(['foreign_id']);
  });
  await knex.schema.createTable('obituary_videos', (t) => {
    t.increments('id');
    t.integer('obituary_id').notNullable().references('obituaries.id').onDelete('CASCADE');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.string('name', 250).notNullable().defaultTo('');
    t.boolean('is_ready').notNullable().defaultTo(false);
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['obituary_id', 'video_id']);
    t.index(['video_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('obituary_videos');
  await knex.schema.dropTableIfExists('obituaries');
  await knex.schema.dropTableIfExists('obituary_websites');
}
