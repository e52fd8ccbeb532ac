import { uniqueText } from '../resource.repository.ts';
import type { AdminResource } from '../resource.ts';

/** /settings/corporations: the companies that own several funeral homes, with whom to contact and bill. */
export const corporationsResource: AdminResource = {
  name: 'corporations',
  table: 'corporations',
  plural: 'corporations',
  singular: 'corporation',
  fields: [
    { column: 'name', label: 'corporation name', kind: 'text', required: true },
    { column: 'contact_name', label: 'contact name', kind: 'text' },
    { column: 'contact_email', label: 'contact email', kind: 'email', max: 320 },
    { column: 'phone', label: 'phone', kind: 'text', max: 50 },
    { column: 'billing_address', label: 'billing address', kind: 'text', max: 1000 },
    { column: 'notes', label: 'notes', kind: 'text', max: 5000 },
  ],
  searchable: ['name', 'contact_name', 'contact_email'],
  order: 'lower(name), id',
  remove: 'delete',
  check: uniqueText('corporations', 'name', 'Another corporation already has this name.'),
};
