import { Box, Chip, Stack } from '@mui/material';
import { formatPrice } from '../../../../../common/order-pricing.ts';
import type { WireProduct } from '../../../../../server/src/wire/admin-settings.ts';
import type { Camelized } from '../../../api/index.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type Product = Camelized<WireProduct>;

const KINDS = [
  { value: 'dvd', label: 'DVD' },
  { value: 'bluray', label: 'Blu-ray' },
  { value: 'usb', label: 'USB drive' },
  { value: 'download', label: 'Download' },
] as const;

/** The pictures in server/assets/product_images; the server refuses any other name. */
const PICTURES = ['dvd.svg', 'bluray.svg', 'usb.svg', 'download.svg'].map((name) => ({ value: name, label: name }));

const ORDER_DETAILS: ResourceDeclaration<Product> = {
  title: 'Order Details',
  noun: 'product',
  path: '/r/settings/order_details',
  listKey: 'products',
  searchLabel: 'Search products',
  columns: [
    {
      label: 'Product',
      render: (p) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box component="img" src={`/product_images/${p.productThumbImage}`} alt="" sx={{ width: 32, height: 32, objectFit: 'contain' }} />
          <span>{p.productTitle}</span>
        </Stack>
      ),
    },
    { label: 'Kind', render: (p) => KINDS.find((k) => k.value === p.kind)?.label ?? p.kind, secondary: true },
    { label: 'Price', render: (p) => formatPrice(p.priceCents) },
    { label: 'Order', render: (p) => p.sortOrder, secondary: true },
    {
      label: 'Order page',
      render: (p) =>
        p.enabled && p.physical ? <Chip size="small" label="Offered" color="success" variant="outlined" /> : <Chip size="small" label="Not offered" variant="outlined" />,
    },
  ],
  fields: [
    { key: 'productTitle', label: 'Product title', kind: 'text', required: true },
    { key: 'kind', label: 'Kind', kind: 'select', required: true, options: KINDS },
    { key: 'productThumbImage', label: 'Picture', kind: 'select', required: true, options: PICTURES },
    { key: 'priceCents', label: 'Price (USD)', kind: 'money', required: true, max: 10_000, helper: 'Per copy, unless an organization has its own price.' },
    { key: 'sortOrder', label: 'Sort order', kind: 'number', max: 10_000, initial: 0, helper: 'Lower numbers come first on the order page.' },
    { key: 'physical', label: 'Physical copy (shipped)', kind: 'switch', initial: true },
    { key: 'enabled', label: 'Offered on the order page', kind: 'switch', initial: true },
  ],
  rowName: (p) => p.productTitle,
  dimmed: (p) => !p.enabled,
  remove: { message: (p) => `${p.productTitle} will no longer exist. A product that was ordered cannot be deleted; turn off "Offered" instead.` },
};

/** The products, prices and order of the order page (the quantities it takes are 0 to 99 per product). */
export function OrderDetailsPage() {
  return <AdminResourcePage resource={ORDER_DETAILS} />;
}
