import { Chip } from '@mui/material';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { WireAdminStockText, WireStockTextCategory } from '../../../../../server/src/wire/stock-admin.ts';
import { getJson, type Camelized } from '../../../api/index.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type StockText = Camelized<WireAdminStockText>;

/** The texts the slide editor's Stock Text dialog offers, by the categories it lists them under. */
function stockTexts(categories: WireStockTextCategory[]): ResourceDeclaration<StockText> {
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

/** Super users' stock text library (/settings/stock_texts): the slide editor's Stock Text dialog reads the same rows. */
export function StockTextsPage() {
  const { data } = useSWR('/r/settings/stock_text_categories', (url: string) => getJson<{ categories: WireStockTextCategory[] }>(url));
  const resource = useMemo(() => stockTexts(data?.categories ?? []), [data]);
  return <AdminResourcePage resource={resource} />;
}
