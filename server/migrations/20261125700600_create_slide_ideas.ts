import type { Knex } from 'knex';

/**
 * Analysis results per slide (spec 2 "Idea"): flavor 'rotation', the suggested clockwise angle, na when the
 * analysis found nothing to suggest, accepted (null pending, true accepted, false ignored). The faces found
 * are kept too (fractions of the picture analysed, at analysed_angle) for face-aware framing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('slide_ideas', (t) => {
    t.increments('id');
    t.integer('slide_id').notNullable().references('slides.id').onDelete('CASCADE');
    t.integer('video_id').notNullable();
    t.text('flavor').notNullable();
    t.integer('angle');
    t.boolean('na').notNullable().defaultTo(false);
    t.boolean('accepted');
    t.float('confidence');
    t.jsonb('faces');
    t.integer('analysed_angle').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.unique(['slide_id', 'flavor']);
    t.index(['video_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('slide_ideas');
}
