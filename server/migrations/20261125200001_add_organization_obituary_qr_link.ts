import type { Knex } from 'knex';

/**
 * Whether the organization's labels may carry a QR code of the video's obituary page instead of the video (spec 3
 * section 5: the option shows only when this is on and the video has an obituary address). Off until a super
 * user turns it on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.boolean('obituary_qr_link').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('obituary_qr_link');
  });
}
