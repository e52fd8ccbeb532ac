import type { Knex } from 'knex';

/**
 * Ordering copies (spec 1 section 2.6, spec 3 section 2.6): the products a video can be ordered on, their prices
 * (a product's own price, or the organization's from its order-detail settings), the price each order line was
 * sold at, whether the order was placed when finalizing or later, and the order form's "Automatically download and
 * burn once finalized" choice, which the burn window acts on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.integer('sort_order').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.boolean('auto_burn').notNullable().defaultTo(false);
    t.string('source', 20).notNullable().defaultTo('finalize'); // finalize | hard_copies
  });
  await knex.schema.alterTable('order_details', (t) => {
    t.integer('unit_price_cents').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('organization_product_prices', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.integer('price_cents').notNullable();
    t.timestamps(true, true);
    t.unique(['organization_id', 'product_id']);
  });
  // The copies every installation sells, unless it already has its own catalogue.
  const [{ count }] = await knex('products').count<{ count: string }[]>({ count: '*' });
  if (Number(count) === 0) {
    await knex('products').insert([
      { product_title: 'DVD in Memorial Case', product_thumb_image: 'dvd.svg', kind: 'dvd', price_cents: 2500, sort_order: 1 },
      { product_title: 'Blu-ray in Memorial Case', product_thumb_image: 'bluray.svg', kind: 'bluray', price_cents: 3500, sort_order: 2 },
      { product_title: 'Keepsake USB Drive', product_thumb_image: 'usb.svg', kind: 'usb', price_cents: 4000, sort_order: 3 },
    ]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('organization_product_prices');
  await knex.schema.alterTable('order_details', (t) => {
    t.dropColumn('unit_price_cents');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('source');
    t.dropColumn('auto_burn');
  });
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('sort_order');
  });
}
