import type { Knex } from 'knex';

/**
 * Tables of the super drawer's settings pages (issue 16, admin/resources/): the website partners organizations come
 * through, the corporations that own several funeral homes, and each organization's tax exemption certificates
 * (the file itself lives in storage under tax_certificates/{id}/, the row keeps its key, name, type and size).
 * The order page's products and prices already have their tables (products, organization_product_prices).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partners', (t) => {
    t.increments('id');
    t.string('name', 250).notNullable();
    t.string('website_url', 1000);
    t.string('contact_name', 250);
    t.string('contact_email', 320);
    t.string('phone', 50);
    t.boolean('released').notNullable().defaultTo(true);
    t.text('notes');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX partners_name_unique ON partners (lower(name))');

  await knex.schema.createTable('corporations', (t) => {
    t.increments('id');
    t.string('name', 250).notNullable();
    t.string('contact_name', 250);
    t.string('contact_email', 320);
    t.string('phone', 50);
    t.text('billing_address');
    t.text('notes');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX corporations_name_unique ON corporations (lower(name))');

  await knex.schema.createTable('tax_certificates', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('jurisdiction', 100);
    t.string('certificate_number', 100);
    t.date('expires_on').notNullable();
    t.string('file_key', 1000);
    t.string('file_name', 250);
    t.string('file_type', 100);
    t.integer('file_size');
    t.timestamps(true, true);
    t.index(['organization_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tax_certificates');
  await knex.schema.dropTableIfExists('corporations');
  await knex.schema.dropTableIfExists('partners');
}
