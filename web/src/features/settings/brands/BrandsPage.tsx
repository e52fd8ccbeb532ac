import type { Brand } from '../api.ts';
import { StatusChip } from '../components/StatusChip.tsx';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

const BRANDS: ResourceDeclaration<Brand> = {
  title: 'Brands',
  noun: 'brand',
  path: '/r/settings/brands',
  listKey: 'brands',
  searchLabel: 'Search brands',
  columns: [
    { label: 'Name', render: (b) => b.name },
    { label: 'Organization', render: (b) => b.organizationName },
    { label: 'Status', render: (b) => <StatusChip disabled={b.disabled} /> },
  ],
  filters: [{ kind: 'organization', param: 'organization_id' }],
  fields: [
    { key: 'organizationId', label: 'Organization', kind: 'organization', required: true, createOnly: true },
    { key: 'name', label: 'Brand name', kind: 'text', required: true, helper: 'The name shown on videos made under this brand.' },
  ],
  rowName: (b) => b.name,
  toggle: {
    key: 'disabled',
    enableMessage: (b) => `${b.name} can be chosen for videos again.`,
    disableMessage: (b) => `${b.name} will no longer be offered for new videos. Videos that use it keep it.`,
  },
};

/** Super users' list of every organization's brands, filterable by organization. */
export function BrandsPage() {
  return <AdminResourcePage resource={BRANDS} />;
}
