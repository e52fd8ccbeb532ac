import type { Db } from '../db/database.ts';

/**
 * Writes of the super drawer's stock texts page (admin/resources/stock-texts.ts): the same stock_texts rows and
 * category links the slide editor's dialog reads (stock-text.repository.ts).
 */
export function stockTextAdminRepository(db: Db) {
  async function setCategories(trx: Db, id: number, categoryIds: number[]): Promise<void> {
    await trx('stock_text_category_links').where({ stock_text_id: id }).delete();
    if (categoryIds.length) await trx('stock_text_category_links').insert(categoryIds.map((c) => ({ stock_text_id: id, stock_text_category_id: c })));
  }

  return {
    async create(values: Record<string, unknown>, categoryIds: number[]): Promise<number> {
      return db.transaction(async (trx) => {
        const [{ id }] = await trx('stock_texts').insert(values).returning<{ id: number }[]>('id');
        await setCategories(trx, id, categoryIds);
        return id;
      });
    },

    /** `categoryIds` undefined leaves the links as they are. */
    async update(id: number, values: Record<string, unknown>, categoryIds: number[] | undefined): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('stock_texts').where({ id }).update({ ...values, updated_at: trx.fn.now() });
        if (categoryIds) await setCategories(trx, id, categoryIds);
      });
    },
  };
}
