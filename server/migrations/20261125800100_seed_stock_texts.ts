import type { Knex } from 'knex';
import { seedStockTexts } from '../src/seed/stock-texts.ts';

/** The stock text library (spec 2 "Stock text dialog"): public-domain verse and scripture and texts of our own. */
export async function up(knex: Knex): Promise<void> {
  await seedStockTexts(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex('stock_text_category_links').del();
  await knex('stock_texts').del();
  await knex('stock_text_categories').del();
}
