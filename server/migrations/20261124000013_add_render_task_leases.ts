import type { Knex } from 'knex';

const ACTIVE = `status IN ('queued', 'rendering', 'assembling') AND kind IN ('hd', 'web')`;

/**
 * Render jobs are idempotent in the database itself: a video has at most one HD and one web render in progress
 * (a second finalize or the watchdog finds the one there is), and each work item records when its job was last
 * sent and until when a worker holds it, so a re-send skips items already queued or running and a duplicate
 * delivery is not counted as an attempt.
 */
export async function up(knex: Knex): Promise<void> {
  // Renders left in progress beside a newer one of their kind stop, so the index can be made.
  await knex.raw(`
    UPDATE renders r SET status = 'failed', message = 'Replaced by a newer render.', error = 'superseded', finished_at = now(), updated_at = now()
    WHERE r.status IN ('queued', 'rendering', 'assembling') AND r.kind IN ('hd', 'web')
      AND EXISTS (SELECT 1 FROM renders n WHERE n.video_id = r.video_id AND n.kind = r.kind AND n.id > r.id AND n.status IN ('queued', 'rendering', 'assembling'))
  `);
  await knex.raw(`CREATE UNIQUE INDEX renders_one_active_per_video ON renders (video_id, kind) WHERE ${ACTIVE}`);
  await knex.schema.alterTable('render_tasks', (t) => {
    t.timestamp('sent_at', { useTz: true }); // when its job was last sent
    t.timestamp('running_until', { useTz: true }); // a worker holds it until then (its job's expiry)
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('render_tasks', (t) => {
    t.dropColumn('running_until');
    t.dropColumn('sent_at');
  });
  await knex.raw('DROP INDEX IF EXISTS renders_one_active_per_video');
}
