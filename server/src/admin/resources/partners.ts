import { uniqueText } from '../resource.repository.ts';
import type { AdminResource } from '../resource.ts';

/** /settings/partners: the website providers funeral homes come through (an organization names its partner). */
export const partnersResource: AdminResource = {
  name: 'partners',
  table: 'partners',
  plural: 'partners',
  singular: 'partner',
  fields: [
    { column: 'name', label: 'partner name', kind: 'text', required: true },
    { column: 'website_url', label: 'website', kind: 'url', max: 1000 },
    { column: 'contact_name', label: 'contact name', kind: 'text' },
    { column: 'contact_email', label: 'contact email', kind: 'email', max: 320 },
    { column: 'phone', label: 'phone', kind: 'text', max: 50 },
    { column: 'released', label: 'released', kind: 'bool' },
    { column: 'notes', label: 'notes', kind: 'text', max: 5000 },
  ],
  searchable: ['name', 'contact_name', 'contact_email', 'website_url'],
  order: 'lower(name), id',
  remove: 'delete',
  check: uniqueText('partners', 'name', 'Another partner already has this name.'),
};
