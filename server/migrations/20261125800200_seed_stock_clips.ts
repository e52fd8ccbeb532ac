import type { Knex } from 'knex';
import { STOCK_CLIPS } from '../src/media/stock-clips.ts';

/**
 * The stock video clips (spec 2 "Stock video dialog"): one row per clip the engine draws (stock_videos.generator
 * names its recipe). The files are made by the library preparation, which fills file_path, thumb_path and
 * preview_path; a row without them is not offered yet.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('stock_videos', (t) => {
    t.string('generator', 100).unique();
  });
  for (const clip of STOCK_CLIPS) {
    await knex('stock_videos').insert({ video_title: clip.title, tags: clip.tags, generator: clip.key }).onConflict('generator').ignore();
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('stock_videos').whereNotNull('generator').del();
  await knex.schema.alterTable('stock_videos', (t) => {
    t.dropColumn('generator');
  });
}
