import type { Knex } from 'knex';

/**
 * What the super users' money reports need and orders did not record (spec 1 section 2.10's overdue statements and
 * collections): the payment terms an order was sold on (days from the order date until it is due), and the payment
 * received for it, when and how much. An order is unpaid while `paid_at` is null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.integer('payment_terms_days').notNullable().defaultTo(30);
    t.timestamp('paid_at', { useTz: true });
    t.integer('paid_cents');
    t.index(['paid_at'], 'orders_paid_at_index');
    t.index(['order_date'], 'orders_order_date_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['order_date'], 'orders_order_date_index');
    t.dropIndex(['paid_at'], 'orders_paid_at_index');
    t.dropColumn('paid_cents');
    t.dropColumn('paid_at');
    t.dropColumn('payment_terms_days');
  });
}
