import { Chip } from '@mui/material';
import type { WirePartner } from '../../../../../server/src/wire/admin-settings.ts';
import type { Camelized } from '../../../api/index.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type Partner = Camelized<WirePartner>;

const PARTNERS: ResourceDeclaration<Partner> = {
  title: 'Partners',
  noun: 'partner',
  path: '/r/settings/partners',
  listKey: 'partners',
  searchLabel: 'Search partners',
  columns: [
    { label: 'Name', render: (p) => p.name },
    { label: 'Website', render: (p) => p.websiteUrl ?? '—', secondary: true },
    { label: 'Contact', render: (p) => [p.contactName, p.contactEmail].filter(Boolean).join(', ') || '—', secondary: true },
    {
      label: 'Status',
      render: (p) => (p.released ? <Chip size="small" label="Released" color="success" variant="outlined" /> : <Chip size="small" label="Not released" variant="outlined" />),
    },
  ],
  fields: [
    { key: 'name', label: 'Partner name', kind: 'text', required: true, helper: 'As organizations name their partner.' },
    { key: 'websiteUrl', label: 'Website', kind: 'url', max: 1000 },
    { key: 'contactName', label: 'Contact name', kind: 'text' },
    { key: 'contactEmail', label: 'Contact email', kind: 'email' },
    { key: 'phone', label: 'Phone', kind: 'text', max: 50 },
    { key: 'released', label: 'Released', kind: 'switch', initial: true, helper: "Off: the partner's funeral homes see the unreleased banner." },
    { key: 'notes', label: 'Notes', kind: 'multiline', max: 5000 },
  ],
  rowName: (p) => p.name,
  remove: { message: (p) => `${p.name} will be deleted. Organizations keep their partner name.` },
};

/** The website providers funeral homes come through (spec 1 section 2.10's super drawer). */
export function PartnersPage() {
  return <AdminResourcePage resource={PARTNERS} />;
}
