import { DVD_STANDARDS } from '../../dvd/plan.ts';
import type { OrganizationWithCounts } from '../../repositories/organization.repository.ts';
import { MAX_LENGTH_MINUTES, ORGANIZATION_FLAGS } from '../../services/organization.service.ts';
import { toWireOrganization } from '../../wire/settings.wire.ts';
import type { AdminField, FieldMessages } from '../fields.ts';
import type { AdminResource } from '../resource.ts';

const flags: AdminField[] = Object.entries(ORGANIZATION_FLAGS).map(([column, label]) => ({ column, label, kind: 'bool' }));

/** /settings/organizations: every funeral home, its limits and feature switches. Logos stay in routes/organizations.routes.ts. */
export const organizationsResource: AdminResource = {
  name: 'organizations',
  table: 'organizations',
  plural: 'organizations',
  singular: 'organization',
  fields: [
    { column: 'organization_name', label: 'organization name', kind: 'text', required: true },
    { column: 'partner_name', label: 'partner name', kind: 'text' },
    { column: 'billing_id_prompt', label: 'billing id prompt', kind: 'text' },
    { column: 'video_length_limit', label: 'video length limit (minutes)', kind: 'int', min: 1, max: MAX_LENGTH_MINUTES },
    { column: 'max_override_length', label: 'maximum override length (minutes)', kind: 'int', min: 1, max: MAX_LENGTH_MINUTES },
    { column: 'dvd_standard', label: 'DVD standard', kind: 'choice', choices: DVD_STANDARDS },
    ...flags,
  ],
  searchable: ['organizations.organization_name'],
  order: 'lower(organization_name), id',
  query: (db) =>
    db('organizations').select('organizations.*', db.raw('(SELECT count(*) FROM users WHERE users.organization_id = organizations.id)::int AS user_count')),
  remove: { flag: 'disabled' },
  check(values, current): FieldMessages {
    const limit = (values.video_length_limit ?? current?.video_length_limit ?? 30) as number;
    const override = (values.max_override_length ?? current?.max_override_length ?? 120) as number;
    return override < limit ? { max_override_length: 'The maximum override length must be at least the video length limit.' } : {};
  },
  toWire: (row) => toWireOrganization(row as unknown as OrganizationWithCounts),
};
