import type { Db } from '../../db/database.ts';
import type { AdminResource, Row } from '../resource.ts';
import { uniqueText } from '../resource.repository.ts';

const uniqueName = uniqueText('stock_text_categories', 'name', 'A category with this name already exists.');

/** Texts filed under this category and no other: deleting it would take them out of the slide editor's dialog. */
async function onlyHere(db: Db, categoryId: number): Promise<number> {
  const [{ count }] = await db('stock_text_category_links as l')
    .where('l.stock_text_category_id', categoryId)
    .whereNotExists(db('stock_text_category_links as o').whereRaw('o.stock_text_id = l.stock_text_id').whereNot('o.stock_text_category_id', categoryId))
    .count<{ count: string }[]>('* as count');
  return Number(count);
}

/**
 * The categories the Stock Text dialog lists its texts under (spec 2 section 3), edited on /settings/stock_texts
 * below the texts. A category some text is filed under alone cannot be deleted: the dialog drops a text with no
 * category, so the page asks for those texts to be filed elsewhere first.
 */
export const stockTextCategoriesResource: AdminResource = {
  name: 'stock_text_categories',
  table: 'stock_text_categories',
  plural: 'stock_text_categories',
  singular: 'stock_text_category',
  fields: [{ column: 'name', label: 'name', kind: 'text', required: true, max: 250 }],
  searchable: ['stock_text_categories.name'],
  order: 'lower(stock_text_categories.name), stock_text_categories.id',
  query: (db) =>
    db('stock_text_categories').select(
      'stock_text_categories.*',
      db.raw('(select count(*)::int from stock_text_category_links l where l.stock_text_category_id = stock_text_categories.id) as texts'),
    ),
  remove: 'delete',
  check: uniqueName,
  refusal: async (row: Row, db: Db) => {
    const alone = await onlyHere(db, row.id);
    if (!alone) return undefined;
    return `${alone === 1 ? 'One stock text is' : `${alone} stock texts are`} filed under "${String(row.name)}" alone and would drop out of the slide editor's Stock Text dialog. File ${alone === 1 ? 'it' : 'them'} under another category first.`;
  },
};
