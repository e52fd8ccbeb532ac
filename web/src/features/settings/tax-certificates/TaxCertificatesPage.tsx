import { Chip, Link } from '@mui/material';
import type { WireTaxCertificate } from '../../../../../server/src/wire/admin-settings.ts';
import type { Camelized } from '../../../api/index.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type TaxCertificate = Camelized<WireTaxCertificate>;

// A calendar date shown as written: read as UTC, so no time zone moves it to the day before.
const DAY = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const today = () => new Date().toISOString().slice(0, 10);

function Expiry({ date }: { date: string }) {
  const text = DAY.format(new Date(`${date}T00:00:00Z`));
  return date < today() ? <Chip size="small" color="error" variant="outlined" label={`Expired ${text}`} /> : <span>{text}</span>;
}

const TAX_CERTIFICATES: ResourceDeclaration<TaxCertificate> = {
  title: 'Tax Certificates',
  noun: 'tax certificate',
  path: '/r/settings/tax_certificates',
  listKey: 'taxCertificates',
  searchLabel: 'Search certificates',
  columns: [
    { label: 'Organization', render: (t) => t.organizationName },
    { label: 'State or region', render: (t) => t.jurisdiction ?? '—', secondary: true },
    { label: 'Number', render: (t) => t.certificateNumber ?? '—', secondary: true },
    { label: 'Expires', render: (t) => <Expiry date={t.expiresOn} /> },
    {
      label: 'File',
      render: (t) =>
        t.fileUrl ? (
          <Link href={t.fileUrl} download={t.fileName ?? true} aria-label={`Download ${t.fileName ?? 'certificate'} of ${t.organizationName}`}>
            {t.fileName ?? 'Download'}
          </Link>
        ) : (
          '—'
        ),
    },
  ],
  filters: [{ kind: 'organization', param: 'organization_id' }],
  fields: [
    {
      key: 'organizationId',
      label: 'Organization',
      kind: 'organization',
      required: true,
      read: (t) => ({ id: t.organizationId, organizationName: t.organizationName }),
    },
    { key: 'jurisdiction', label: 'State or region', kind: 'text', max: 100 },
    { key: 'certificateNumber', label: 'Certificate number', kind: 'text', max: 100 },
    { key: 'expiresOn', label: 'Expiry date', kind: 'date', required: true },
    {
      key: 'file',
      label: 'Certificate file',
      kind: 'file',
      required: true,
      accept: 'application/pdf,image/png,image/jpeg',
      helper: 'A PDF, PNG or JPEG of up to 10 MB. Editing, choose a file only to replace the stored one.',
    },
  ],
  rowName: (t) => `${t.organizationName} certificate${t.jurisdiction ? ` (${t.jurisdiction})` : ''}`,
  remove: { message: (t) => `The certificate of ${t.organizationName} and its file will be deleted.` },
};

/** Each organization's tax exemption certificates: the file and the date it expires. */
export function TaxCertificatesPage() {
  return <AdminResourcePage resource={TAX_CERTIFICATES} />;
}
