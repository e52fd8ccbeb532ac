import type { Knex } from 'knex';

/**
 * A partner (the website provider an organization came through) can be not yet released, or the organization
 * can be a partner's development account; the top bar warns about both (spec 1, section 2.10 banners).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.boolean('partner_released').notNullable().defaultTo(true);
    t.boolean('partner_dev').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('partner_released');
    t.dropColumn('partner_dev');
  });
}
