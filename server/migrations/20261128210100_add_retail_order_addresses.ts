import type { Knex } from 'knex';

/**
 * Retail orders (spec 1 and 3: orders without a user id): a member of the public orders copies from the embedded
 * player's Buy a DVD link and gives where to send them. The name and email columns already exist.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('customer_phone', 40);
    t.string('address_line1', 200);
    t.string('address_line2', 200);
    t.string('city', 100);
    t.string('region', 100);
    t.string('postal_code', 20);
    t.string('country', 60);
    t.string('customer_note', 1000);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    for (const column of ['customer_phone', 'address_line1', 'address_line2', 'city', 'region', 'postal_code', 'country', 'customer_note']) t.dropColumn(column);
  });
}
