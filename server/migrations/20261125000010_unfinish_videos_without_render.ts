import type { Knex } from 'knex';

/**
 * A video is finished only when its HD render is done: the render marks it so after writing the file. Earlier demo
 * seeds marked videos finished that had never been rendered, so the list said Complete and Download HD answered
 * 404. Such videos become finalized and unfinished, so they show as waiting to render (the seed gives the demo
 * ones photos and queues their renders; the render watchdog starts any other).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE videos v SET finished = false
    WHERE v.finished
      AND NOT EXISTS (SELECT 1 FROM renders r WHERE r.video_id = v.id AND r.kind = 'hd' AND r.status = 'done' AND r.file_key IS NOT NULL)
  `);
}

/** The videos it changed cannot be told apart afterwards; they stay unfinished until rendered. */
export async function down(): Promise<void> {}
