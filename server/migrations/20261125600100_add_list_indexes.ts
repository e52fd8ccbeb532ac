import type { Knex } from 'knex';

/**
 * Indexes for the calls the lists make (issue 13, scripts/bench/api.ts), found with EXPLAIN ANALYZE on an
 * organization of 2,000 videos:
 * - a video's cover photo, its first live photo slide, read once per video of the videos list and the dashboard;
 * - the dashboard's newest videos of an organization, a page at a time, without sorting all of its videos;
 * - the dashboard's newest orders, read newest first until a page of the organization's is found.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX slides_cover_index ON slides (video_id, position, id) WHERE deleted_at IS NULL AND is_text = false AND is_video = false');
  await knex.raw('CREATE INDEX videos_recent_index ON videos (organization_id, created_at DESC, id DESC) WHERE deleted_at IS NULL');
  await knex.raw('CREATE INDEX orders_newest_index ON orders (order_date DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS orders_newest_index');
  await knex.raw('DROP INDEX IF EXISTS videos_recent_index');
  await knex.raw('DROP INDEX IF EXISTS slides_cover_index');
}
