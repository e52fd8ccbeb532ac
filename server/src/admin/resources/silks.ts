import type { Db } from '../../db/database.ts';
import type { AdminResource, Row } from '../resource.ts';
import { uniqueText } from '../resource.repository.ts';

/** A device id as printed on a receiver: letters, digits and - _ . : (serial numbers, MAC addresses). */
const DEVICE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const uniqueDeviceId = uniqueText('silks', 'device_id', 'A device with this device id is already registered.');

/**
 * /settings/silks: the Direct Delivery devices (set-top receivers) of each organization. A device signs in to the
 * device API with a token that only POST /r/settings/silks/{id}/token issues (routes/silks.routes.ts), shown once;
 * a device just created here has none and cannot sign in until then. Deleting one removes its videos' links.
 */
export const silksResource: AdminResource = {
  name: 'silks',
  table: 'silks',
  plural: 'silks',
  singular: 'silk',
  fields: [
    { column: 'organization_id', label: 'organization', kind: 'reference', references: 'organizations', required: true, createOnly: true },
    { column: 'label', label: 'label', kind: 'text', required: true },
    { column: 'device_id', label: 'device id', kind: 'text', required: true, max: 100, createOnly: true },
    { column: 'disabled', label: 'disabled', kind: 'bool' },
  ],
  searchable: ['silks.label', 'silks.device_id', 'organizations.organization_name'],
  filters: { organization_id: 'silks.organization_id' },
  order: 'lower(organizations.organization_name), lower(silks.label), silks.id',
  query: (db: Db) => db('silks').join('organizations', 'organizations.id', 'silks.organization_id').select('silks.*', 'organizations.organization_name'),
  remove: 'delete',
  check: async (values, current, db) => {
    const deviceId = values.device_id;
    if (typeof deviceId === 'string' && !DEVICE_ID.test(deviceId)) return { device_id: 'The device id may hold only letters, digits and - _ . : (as printed on the receiver).' };
    return uniqueDeviceId(values, current, db);
  },
  // Never the token's hash; what the device reported is the details page's business.
  toWire: ({ token_hash: tokenHash, status: _status, ...row }: Row) => ({ ...row, has_token: Boolean(tokenHash) }),
};
