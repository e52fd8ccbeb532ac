import { readdirSync } from 'node:fs';
import { PRODUCT_IMAGE_DIR, PRODUCT_IMAGE_NAME } from '../../repositories/order.repository.ts';
import type { AdminResource } from '../resource.ts';

/** The pictures that ship with the product; the order page shows the chosen one from /product_images/{name}. */
export const PRODUCT_IMAGES: readonly string[] = readdirSync(PRODUCT_IMAGE_DIR).filter((name) => PRODUCT_IMAGE_NAME.test(name)).sort();

export const PRODUCT_KINDS = ['dvd', 'bluray', 'usb', 'download'] as const;

/**
 * /settings/order_details: the products the order page offers (repositories/order.repository.ts `offers`): those
 * enabled and physical, in sort order, at their price unless the organization has its own. Quantities per line are
 * 0 to 99 (common/order-pricing.ts). A product that was ordered cannot be deleted, only turned off.
 */
export const orderDetailsResource: AdminResource = {
  name: 'order_details',
  table: 'products',
  plural: 'products',
  singular: 'product',
  fields: [
    { column: 'product_title', label: 'product title', kind: 'text', required: true },
    { column: 'kind', label: 'kind', kind: 'choice', choices: PRODUCT_KINDS, required: true },
    { column: 'product_thumb_image', label: 'picture', kind: 'choice', choices: PRODUCT_IMAGES, required: true },
    { column: 'price_cents', label: 'price in cents', kind: 'int', min: 0, max: 1_000_000, required: true },
    { column: 'sort_order', label: 'sort order', kind: 'int', min: 0, max: 10_000 },
    { column: 'physical', label: 'physical', kind: 'bool' },
    { column: 'enabled', label: 'offered', kind: 'bool' },
  ],
  searchable: ['product_title', 'kind'],
  order: 'sort_order, id',
  remove: 'delete',
  inUse: 'This product is on orders, so it cannot be deleted. Turn off "Offered on the order page" instead.',
};
