import type { Knex } from 'knex';

/**
 * DVD disc images are renders of kind 'dvd' (server/src/dvd/): each keeps the disc plan it was made to (standard,
 * bitrate, chapters) and the SHA-256 of its ISO, computed once when it is published so a download can be verified.
 * A video has at most one DVD in progress, as it has one HD and one web render. Organizations choose NTSC (the
 * default) or PAL for their discs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('renders', (t) => {
    t.jsonb('dvd_plan'); // dvd: the disc plan (server/src/dvd/plan.ts)
    t.string('sha256', 64); // dvd: of the published ISO
  });
  await knex.raw(`CREATE UNIQUE INDEX renders_one_active_dvd_per_video ON renders (video_id) WHERE kind = 'dvd' AND status IN ('queued', 'rendering', 'assembling')`);
  await knex.schema.alterTable('organizations', (t) => {
    t.string('dvd_standard', 4).notNullable().defaultTo('ntsc'); // ntsc | pal
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('dvd_standard');
  });
  await knex.raw('DROP INDEX IF EXISTS renders_one_active_dvd_per_video');
  await knex.schema.alterTable('renders', (t) => {
    t.dropColumn('sha256');
    t.dropColumn('dvd_plan');
  });
}
