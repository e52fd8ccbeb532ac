import type { Knex } from 'knex';

/**
 * The geometry edits the photo analysis saw besides its quarter turn (analysed_angle): the crop and straighten of
 * the big image it read. Faces found before a crop made in the first seconds after upload are then carried through
 * the difference (media/face-geometry.ts), not taken to lie on the uncropped photo. Rows made before this column
 * were analysed right after upload, without either: null and 0 say so.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('slide_ideas', (t) => {
    t.jsonb('analysed_crop');
    t.float('analysed_straighten').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('slide_ideas', (t) => {
    t.dropColumn('analysed_crop');
    t.dropColumn('analysed_straighten');
  });
}
