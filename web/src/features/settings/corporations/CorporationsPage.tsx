import type { WireCorporation } from '../../../../../server/src/wire/admin-settings.ts';
import type { Camelized } from '../../../api/index.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type Corporation = Camelized<WireCorporation>;

const CORPORATIONS: ResourceDeclaration<Corporation> = {
  title: 'Corporations',
  noun: 'corporation',
  path: '/r/settings/corporations',
  listKey: 'corporations',
  searchLabel: 'Search corporations',
  columns: [
    { label: 'Name', render: (c) => c.name },
    { label: 'Contact', render: (c) => c.contactName ?? '—' },
    { label: 'Email', render: (c) => c.contactEmail ?? '—', secondary: true },
    { label: 'Phone', render: (c) => c.phone ?? '—', secondary: true },
  ],
  fields: [
    { key: 'name', label: 'Corporation name', kind: 'text', required: true },
    { key: 'contactName', label: 'Contact name', kind: 'text' },
    { key: 'contactEmail', label: 'Contact email', kind: 'email' },
    { key: 'phone', label: 'Phone', kind: 'text', max: 50 },
    { key: 'billingAddress', label: 'Billing address', kind: 'multiline', max: 1000 },
    { key: 'notes', label: 'Notes', kind: 'multiline', max: 5000 },
  ],
  rowName: (c) => c.name,
  remove: { message: (c) => `${c.name} will be deleted.` },
};

/** The companies that own several funeral homes: whom to contact and where to bill. */
export function CorporationsPage() {
  return <AdminResourcePage resource={CORPORATIONS} />;
}
