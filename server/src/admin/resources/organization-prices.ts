import type { FieldMessages } from '../fields.ts';
import type { AdminResource } from '../resource.ts';

/**
 * The order page's prices for one organization (the Order Details page's second list): a product at this price for
 * that organization's orders instead of the product's own (repositories/order.repository.ts `offers`).
 */
export const organizationPricesResource: AdminResource = {
  name: 'organization_prices',
  table: 'organization_product_prices',
  plural: 'organization_prices',
  singular: 'organization_price',
  fields: [
    { column: 'organization_id', label: 'organization', kind: 'reference', references: 'organizations', required: true, createOnly: true },
    { column: 'product_id', label: 'product', kind: 'reference', references: 'products', required: true, createOnly: true },
    { column: 'price_cents', label: 'price in cents', kind: 'int', min: 0, max: 1_000_000, required: true },
  ],
  searchable: ['organizations.organization_name', 'products.product_title'],
  filters: { organization_id: 'organization_product_prices.organization_id' },
  order: 'lower(organizations.organization_name), products.sort_order, products.id',
  query: (db) =>
    db('organization_product_prices')
      .join('organizations', 'organizations.id', 'organization_product_prices.organization_id')
      .join('products', 'products.id', 'organization_product_prices.product_id')
      .select('organization_product_prices.*', 'organizations.organization_name', 'products.product_title', db.raw('products.price_cents AS list_price_cents')),
  remove: 'delete',
  async check(values, current, db): Promise<FieldMessages> {
    if (current) return {};
    const taken = await db('organization_product_prices').where({ organization_id: values.organization_id, product_id: values.product_id }).first('id');
    return taken ? { product_id: 'This organization already has a price for this product; edit that one.' } : {};
  },
};
