import type { Knex } from 'knex';

/** Stock text categories become editable on /settings/stock_texts; the admin pages' writes keep these times. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('stock_text_categories', (t) => {
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('stock_text_categories', (t) => {
    t.dropColumn('created_at');
    t.dropColumn('updated_at');
  });
}
