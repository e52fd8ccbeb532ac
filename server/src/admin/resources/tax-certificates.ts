import type { AdminResource } from '../resource.ts';

export const TAX_CERTIFICATE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** /settings/tax_certificates: each organization's tax exemption certificates, a file and the date it expires. */
export const taxCertificatesResource: AdminResource = {
  name: 'tax_certificates',
  table: 'tax_certificates',
  plural: 'tax_certificates',
  singular: 'tax_certificate',
  fields: [
    { column: 'organization_id', label: 'organization', kind: 'reference', references: 'organizations', required: true },
    { column: 'jurisdiction', label: 'state or region', kind: 'text', max: 100 },
    { column: 'certificate_number', label: 'certificate number', kind: 'text', max: 100 },
    { column: 'expires_on', label: 'expiry date', kind: 'date', required: true },
  ],
  searchable: ['organizations.organization_name', 'tax_certificates.jurisdiction', 'tax_certificates.certificate_number', 'tax_certificates.file_name'],
  filters: { organization_id: 'tax_certificates.organization_id' },
  order: 'tax_certificates.expires_on, tax_certificates.id',
  // A DATE read as text: node-postgres would make it a local midnight, a day off in some time zones.
  query: (db) =>
    db('tax_certificates')
      .join('organizations', 'organizations.id', 'tax_certificates.organization_id')
      .select('tax_certificates.*', db.raw("to_char(tax_certificates.expires_on, 'YYYY-MM-DD') AS expires_on"), 'organizations.organization_name'),
  remove: 'delete',
  attachment: {
    field: 'file',
    label: 'certificate',
    maxBytes: 10 * 1024 * 1024,
    required: true,
    types: TAX_CERTIFICATE_TYPES,
    typesLabel: 'a PDF, PNG or JPEG file',
    prefix: 'tax_certificates',
  },
  toWire: ({ file_key: key, ...row }) => ({ ...row, file_url: key ? `/r/settings/tax_certificates/${row.id}/file` : null }),
};
