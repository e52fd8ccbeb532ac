import { AppError, notFound } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import type { SilkRepository, SilkRow } from '../repositories/silk.repository.ts';
import type { WireSilkDevice, WireSilkDeviceWithToken } from '../wire/silk.ts';
import { deviceTokenHash, newDeviceToken } from './device-api.service.ts';
import { boolField, defined, idField, textField } from './settings-fields.ts';

type Body = Record<string, unknown>;

/** A device id as printed on a receiver: letters, digits and - _ . : (serial numbers, MAC addresses). */
const DEVICE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

export const toWireSilkDevice = (row: SilkRow & { organization_name: string }): WireSilkDevice => ({
  id: row.id,
  organization_id: row.organization_id,
  organization_name: row.organization_name,
  label: row.label,
  device_id: row.device_id,
  disabled: row.disabled,
  last_seen_at: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Registering Direct Delivery devices (the /settings/silks page, super users): each belongs to one organization and
 * signs in to the device API with a token that is shown once, at creation or when replaced; only its hash is kept.
 */
export function silkAdminService(deps: { silks: SilkRepository; organizations: OrganizationRepository }) {
  async function find(id: number): Promise<WireSilkDevice> {
    const row = await deps.silks.findById(id);
    if (!row) throw notFound();
    return toWireSilkDevice(row);
  }

  return {
    find,

    async list(filter: { q: unknown; organizationId?: number }, paging: Paging): Promise<{ rows: WireSilkDevice[]; total: number }> {
      const { rows, total } = await deps.silks.list({ q: typeof filter.q === 'string' ? filter.q : undefined, organizationId: filter.organizationId }, paging);
      return { rows: rows.map(toWireSilkDevice), total };
    },

    async create(body: Body): Promise<WireSilkDeviceWithToken> {
      const organizationId = idField(body, 'organization_id', 'organization', { required: true }) as number;
      const label = textField(body, 'label', 'label', { required: true })!;
      const deviceId = textField(body, 'device_id', 'device id', { required: true, max: 100 })!;
      if (!DEVICE_ID.test(deviceId)) throw new AppError(400, 'The device id may hold only letters, digits and - _ . : (as printed on the receiver).');
      if (!(await deps.organizations.findById(organizationId))) throw new AppError(400, 'Please choose a valid organization.');
      if (await deps.silks.findByDeviceId(deviceId)) throw new AppError(400, 'A device with that device id is already registered.');
      const token = newDeviceToken();
      const row = await deps.silks.create({ organization_id: organizationId, label, device_id: deviceId, token_hash: deviceTokenHash(token) });
      return { silk: await find(row.id), token };
    },

    /** Label and disabled; a disabled device's token stops working and the details page no longer lists it. */
    async update(id: number, body: Body): Promise<WireSilkDevice> {
      await find(id);
      await deps.silks.update(id, defined({ label: textField(body, 'label', 'label', { required: 'label' in body }), disabled: boolField(body, 'disabled', 'Disabled') }));
      return find(id);
    },

    /** A new token for a device whose token was lost or leaked; the old one stops working at once. */
    async replaceToken(id: number): Promise<WireSilkDeviceWithToken> {
      await find(id);
      const token = newDeviceToken();
      await deps.silks.update(id, { token_hash: deviceTokenHash(token) });
      return { silk: await find(id), token };
    },

    async remove(id: number): Promise<void> {
      if (!(await deps.silks.remove(id))) throw notFound();
    },
  };
}
