import type { Knex } from 'knex';

/**
 * Renders of a video (HD, web, preview; the DVD stage writes its own rows), the work items of each with their
 * attempts (so a job that keeps failing stops with a message instead of looping), and the cache of rendered
 * segments shared by every render, keyed by a hash of everything that makes their pixels.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('renders', (t) => {
    t.increments('id');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.string('kind', 20).notNullable(); // hd | web | dvd | preview
    t.string('hash', 64).notNullable(); // of the timeline (and the engine version)
    t.string('status', 20).notNullable().defaultTo('queued'); // queued | rendering | assembling | done | failed
    t.float('progress').notNullable().defaultTo(0); // 0..100
    t.text('message').notNullable().defaultTo('');
    t.text('error'); // the technical detail, for admins
    t.jsonb('plan'); // the timeline the workers render
    t.integer('source_render_id').references('renders.id').onDelete('SET NULL'); // web: the HD render it is made from
    t.string('file_key', 500);
    t.bigInteger('bytes');
    t.float('duration');
    t.string('cover_key', 500);
    t.string('snapshot_key', 500);
    t.string('token', 64).unique(); // previews: the unguessable name their playlist is served under
    t.timestamp('finished_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['video_id', 'kind', 'created_at']);
    t.index(['status']);
  });

  await knex.schema.createTable('render_tasks', (t) => {
    t.integer('render_id').notNullable().references('renders.id').onDelete('CASCADE');
    t.string('task', 40).notNullable(); // segment:N | audio | assemble | web
    t.string('state', 20).notNullable().defaultTo('queued'); // queued | running | done | failed
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('worker', 200);
    t.text('error');
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.primary(['render_id', 'task']);
  });

  await knex.schema.createTable('render_segments', (t) => {
    t.string('hash', 64).primary();
    t.string('profile', 20).notNullable();
    t.string('file_key', 500).notNullable();
    t.bigInteger('bytes').notNullable().defaultTo(0);
    t.float('render_seconds');
    t.string('worker', 200);
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['last_used_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('render_segments');
  await knex.schema.dropTableIfExists('render_tasks');
  await knex.schema.dropTableIfExists('renders');
}
