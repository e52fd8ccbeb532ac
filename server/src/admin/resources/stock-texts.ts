import { stockTextAdminRepository } from '../../repositories/stock-text-admin.repository.ts';
import type { AdminResource, Row } from '../resource.ts';

/** Long enough for a psalm or a poem's stanzas; a text slide shows far less at a readable size. */
export const STOCK_TEXT_MAX = 5000;

/**
 * /settings/stock_texts: the stock text library the slide editor's Stock Text dialog reads (GET /r/stock_texts,
 * repositories/stock-text.repository.ts). A text needs a category: the dialog leaves out a text without one
 * (spec 2 section 3), so the form asks for one instead of saving a text nobody would see. Hidden texts stay here.
 */
export const stockTextsResource: AdminResource = {
  name: 'stock_texts',
  table: 'stock_texts',
  plural: 'stock_texts',
  singular: 'stock_text',
  fields: [
    { column: 'text_title', label: 'title', kind: 'text', required: true },
    { column: 'author_name', label: 'author or source', kind: 'text', blank: '' },
    { column: 'text', label: 'text', kind: 'text', required: true, max: STOCK_TEXT_MAX },
    { column: 'category_ids', label: 'categories', kind: 'ids', references: 'stock_text_categories', required: true },
    { column: 'disabled', label: 'hidden', kind: 'bool' },
  ],
  searchable: ['stock_texts.text_title', 'stock_texts.author_name', 'stock_texts.text'],
  order: 'lower(stock_texts.text_title), stock_texts.id',
  query: (db) =>
    db('stock_texts').select(
      'stock_texts.*',
      db.raw(
        `coalesce((select array_agg(l.stock_text_category_id order by l.stock_text_category_id) from stock_text_category_links l
          where l.stock_text_id = stock_texts.id), '{}') as category_ids`,
      ),
    ),
  remove: 'delete',
  // The categories are links, not a column.
  save: {
    create: (values, db) => stockTextAdminRepository(db).create(columns(values), values.category_ids as number[]),
    update: (row: Row, values, db) => stockTextAdminRepository(db).update(row.id, columns(values), values.category_ids as number[] | undefined),
  },
  toWire: (row) => ({ ...row, category_ids: (row.category_ids as (number | string)[]).map(Number) }),
};

const columns = ({ category_ids: _links, ...values }: Record<string, unknown>): Record<string, unknown> => values;
