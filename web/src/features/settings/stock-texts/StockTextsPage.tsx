import { Chip, Typography } from '@mui/material';
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { WireAdminStockText, WireStockTextCategory } from '../../../../../server/src/wire/stock-admin.ts';
import { getJson, type Camelized } from '../../../api/index.ts';
import { Page } from '../../../ui/Page.tsx';
import { AdminResourceList } from '../resource/AdminResourceList.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type StockText = Camelized<WireAdminStockText>;
type Category = Camelized<WireStockTextCategory>;

const CATEGORIES_PATH = '/r/settings/stock_text_categories';
// Every category, for the texts' column and form: the dialog lists a few dozen at most.
const ALL_CATEGORIES = `${CATEGORIES_PATH}?per_page=100`;

/** The texts the slide editor's Stock Text dialog offers, by the categories it lists them under. */
function stockTexts(categories: Category[]): ResourceDeclaration<StockText> {
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return {
    title: 'Stock Texts',
    noun: 'stock text',
    path: '/r/settings/stock_texts',
    listKey: 'stockTexts',
    searchLabel: 'Search stock texts',
    columns: [
      { label: 'Title', render: (t) => t.textTitle },
      { label: 'Author or source', render: (t) => t.authorName || '—', secondary: true },
      { label: 'Categories', render: (t) => t.categoryIds.map((id) => names.get(id) ?? `#${id}`).join(', '), secondary: true },
      { label: 'Status', render: (t) => (t.disabled ? <Chip size="small" label="Hidden" variant="outlined" /> : <Chip size="small" label="Offered" color="success" variant="outlined" />) },
    ],
    fields: [
      { key: 'textTitle', label: 'Title', kind: 'text', required: true },
      { key: 'authorName', label: 'Author or source', kind: 'text', helper: 'Shown in the dialog’s Source column, e.g. "Psalm 23, King James Bible".' },
      { key: 'text', label: 'Text', kind: 'multiline', required: true, max: 5000 },
      {
        key: 'categoryIds',
        label: 'Categories',
        kind: 'multiselect',
        required: true,
        options: categories.map((c) => ({ value: String(c.id), label: c.name })),
        helper: 'The dialog lists a text under each of its categories.',
      },
      { key: 'disabled', label: 'Hidden from the slide editor', kind: 'switch' },
    ],
    rowName: (t) => t.textTitle,
    dimmed: (t) => t.disabled,
    remove: { message: (t) => `"${t.textTitle}" will be deleted from the stock text library. Text slides already made from it keep their text.` },
    noMatchText: (search) => `No stock texts match "${search}".`,
  };
}

/** The categories the dialog lists the texts under; a new one is offered in the texts' form at once. */
const CATEGORIES: ResourceDeclaration<Category> = {
  title: 'Categories',
  noun: 'category',
  path: CATEGORIES_PATH,
  listKey: 'stockTextCategories',
  searchLabel: 'Search categories',
  columns: [
    { label: 'Name', render: (c) => c.name },
    { label: 'Texts', render: (c) => String(c.texts), secondary: true },
  ],
  fields: [{ key: 'name', label: 'Name', kind: 'text', required: true, helper: 'As the Stock Text dialog lists it, e.g. "Scripture" or "Poems".' }],
  rowName: (c) => c.name,
  remove: { message: (c) => `The category "${c.name}" will be deleted. Its texts stay in the library under their other categories.` },
  emptyText: 'No categories yet: add one, then file texts under it.',
  noMatchText: (search) => `No categories match "${search}".`,
};

/**
 * Super users' stock text library (/settings/stock_texts): the slide editor's Stock Text dialog reads the same rows.
 * The categories are edited below the texts.
 */
export function StockTextsPage() {
  const { data } = useSWR(ALL_CATEGORIES, (url: string) => getJson<{ stockTextCategories: Category[] }>(url));
  const texts = useMemo(() => stockTexts(data?.stockTextCategories ?? []), [data]);
  const { mutate } = useSWRConfig();
  // Each list changes the other: a text's categories change the counts; a category renamed or deleted, the texts.
  const refreshBoth = () => void mutate((key) => typeof key === 'string' && key.startsWith('/r/settings/stock_text'));
  return (
    <>
      <AdminResourceList resource={texts} frame="page" onChange={refreshBoth} />
      <Page>
        <Typography variant="h2" component="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, mb: 2 }}>
          Categories
        </Typography>
        <AdminResourceList resource={CATEGORIES} frame="section" onChange={refreshBoth} />
      </Page>
    </>
  );
}
