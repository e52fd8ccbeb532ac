import { Box, Chip, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { formatPrice } from '../../../../../common/order-pricing.ts';
import type { WireOrganizationPrice, WireProduct } from '../../../../../server/src/wire/admin-settings.ts';
import type { Camelized } from '../../../api/index.ts';
import { Page } from '../../../ui/index.ts';
import { usePagedList } from '../api.ts';
import { AdminResourceList } from '../resource/AdminResourceList.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';
import { VideoOrderDetails } from './VideoOrderDetails.tsx';

type Product = Camelized<WireProduct>;
type OrganizationPrice = Camelized<WireOrganizationPrice>;

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

/** One organization's own price for a product; the product list offers every product to choose from. */
function organizationPrices(products: Product[]): ResourceDeclaration<OrganizationPrice> {
  return {
    title: 'Organization prices',
    noun: 'organization price',
    path: '/r/settings/organization_prices',
    listKey: 'organizationPrices',
    searchLabel: 'Search organization prices',
    columns: [
      { label: 'Organization', render: (p) => p.organizationName },
      { label: 'Product', render: (p) => p.productTitle },
      { label: 'Price', render: (p) => formatPrice(p.priceCents) },
      { label: 'List price', render: (p) => formatPrice(p.listPriceCents), secondary: true },
    ],
    filters: [{ kind: 'organization', param: 'organization_id' }],
    fields: [
      { key: 'organizationId', label: 'Organization', kind: 'organization', required: true, createOnly: true },
      { key: 'productId', label: 'Product', kind: 'select', required: true, createOnly: true, options: products.map((p) => ({ value: String(p.id), label: p.productTitle })) },
      { key: 'priceCents', label: 'Price (USD)', kind: 'money', required: true, max: 10_000, helper: "This organization's orders are priced at this instead." },
    ],
    rowName: (p) => `${p.productTitle} for ${p.organizationName}`,
    remove: { message: (p) => `${p.organizationName} will pay the list price of ${p.productTitle} (${formatPrice(p.listPriceCents)}) again.` },
    emptyText: 'No organization has its own prices; every order uses the list prices above.',
    perPage: 10,
  };
}

/** The video named by ?scope=video&video_id={id}, or null for the catalogue. */
function scopedVideo(search: URLSearchParams): number | null {
  const id = Number(search.get('video_id'));
  return search.get('scope') === 'video' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The products, prices and order of the order page (the quantities it takes are 0 to 99 per product), and the
 * organizations that pay other prices; with ?scope=video&video_id={id}, that video's orders line by line.
 */
export function OrderDetailsPage() {
  const [search] = useSearchParams();
  const videoId = scopedVideo(search);
  return videoId ? <VideoOrderDetails key={videoId} videoId={videoId} /> : <Catalogue />;
}

function Catalogue() {
  // Every product, for the price form's choice; a catalogue is a handful of products.
  const { data, mutate } = usePagedList<{ products: Product[] }>('/r/settings/order_details', {}, 0, 100);
  const products = data?.products;
  const prices = useMemo(() => organizationPrices(products ?? []), [products]);
  return (
    <>
      <AdminResourceList resource={ORDER_DETAILS} frame="page" onChange={() => void mutate()} />
      <Page>
        <Typography variant="h2" component="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, mb: 2 }}>
          Prices for organizations
        </Typography>
        <AdminResourceList resource={prices} frame="section" />
      </Page>
    </>
  );
}
