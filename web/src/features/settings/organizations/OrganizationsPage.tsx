import type { Organization } from '../api.ts';
import { StatusChip } from '../components/StatusChip.tsx';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration, ResourceField } from '../resource/types.ts';

/** The feature switches, each on or off for a new organization as the product ships. */
const FLAGS: [key: keyof Organization, label: string, initial: boolean][] = [
  ['uploadLinksEnabled', 'Family upload links', true],
  ['showBranding', 'Show branding (orders, burning, Send to TV)', true],
  ['sorEnabled', 'Service of Remembrance', true],
  ['menu', 'Menu in the drawer', true],
  ['billing', 'Billing', false],
  ['sampleButton', 'Sample slides button', true],
  ['musicUploadAvailable', 'Music upload for families', true],
  ['obituaryQrLink', 'Obituary QR code on labels', false],
  ['showArtwork', 'Artwork preview on the video setup page', true],
  ['partnerReleased', 'Partner released', true],
  ['partnerDev', 'Partner development account', false],
];

const FIELDS: ResourceField<Organization>[] = [
  { key: 'organizationName', label: 'Organization name', kind: 'text', required: true },
  { key: 'partnerName', label: 'Partner name', kind: 'text', helper: 'The website provider this organization came through, if any.' },
  { key: 'billingIdPrompt', label: 'Billing id prompt', kind: 'text', helper: 'The label of the billing id field on the video setup page, e.g. "Case number".' },
  { key: 'videoLengthLimit', label: 'Video length limit (minutes)', kind: 'number', min: 1, max: 600, required: true, initial: 30 },
  { key: 'maxOverrideLength', label: 'Maximum override length (minutes)', kind: 'number', min: 1, max: 600, required: true, initial: 120 },
  {
    key: 'dvdStandard',
    label: 'DVD standard',
    kind: 'select',
    // The TV standard of the discs: a set-top player of one region may not play the other's.
    options: [
      { value: 'ntsc', label: 'NTSC (North and South America, Japan)' },
      { value: 'pal', label: 'PAL (Europe, Australia, most of Asia and Africa)' },
    ],
    helper: 'Discs play in the set-top players of this region. A change applies to DVDs made from now on.',
  },
  ...FLAGS.map(([key, label, initial]): ResourceField<Organization> => ({ key, label, kind: 'switch', initial })),
];

const ORGANIZATIONS: ResourceDeclaration<Organization> = {
  title: 'Organizations',
  noun: 'organization',
  path: '/r/settings/organizations',
  listKey: 'organizations',
  searchLabel: 'Search organizations',
  columns: [
    { label: 'Name', render: (o) => o.organizationName },
    { label: 'Partner', render: (o) => o.partnerName || '—', secondary: true },
    { label: 'Length limit', render: (o) => `${o.videoLengthLimit} min (override ${o.maxOverrideLength})`, secondary: true },
    { label: 'Users', render: (o) => o.userCount, secondary: true },
    { label: 'Status', render: (o) => <StatusChip disabled={o.disabled} /> },
  ],
  fields: FIELDS,
  check: (v): Record<string, string> =>
    (v.maxOverrideLength as number) < (v.videoLengthLimit as number) ? { maxOverrideLength: 'Must be at least the video length limit.' } : {},
  rowName: (o) => o.organizationName,
  toggle: {
    key: 'disabled',
    enableMessage: (o) => `${o.organizationName} will be able to use the product again.`,
    disableMessage: (o) => `${o.organizationName} will be marked disabled. Its videos and users are kept.`,
  },
  noMatchText: (search) => `No organizations match "${search}".`,
};

/** Super users' list of every organization (funeral home): search, create, edit, disable. */
export function OrganizationsPage() {
  return <AdminResourcePage resource={ORGANIZATIONS} />;
}
