import type { BrandWithOrg } from '../../repositories/brand.repository.ts';
import { toWireBrand } from '../../wire/settings.wire.ts';
import type { AdminResource } from '../resource.ts';

/** /settings/brands: every organization's brands. Logos and an organization's own brands stay in routes/brands.routes.ts. */
export const brandsResource: AdminResource = {
  name: 'brands',
  table: 'brands',
  plural: 'brands',
  singular: 'brand',
  fields: [
    { column: 'organization_id', label: 'organization', kind: 'reference', references: 'organizations', required: true, createOnly: true },
    { column: 'name', label: 'brand name', kind: 'text', required: true },
    { column: 'disabled', label: 'disabled', kind: 'bool' },
  ],
  searchable: ['brands.name'],
  filters: { organization_id: 'brands.organization_id' },
  order: 'lower(brands.name), brands.id',
  query: (db) => db('brands').join('organizations', 'organizations.id', 'brands.organization_id').select('brands.*', 'organizations.organization_name'),
  remove: { flag: 'disabled' },
  toWire: (row) => toWireBrand(row as unknown as BrandWithOrg),
};
