import { DEVICE_POLL_SECONDS, DELIVERY_STATES, type DeliveryState } from '../../../common/device-protocol.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { SilkRepository, VideoDeviceRow } from '../repositories/silk.repository.ts';
import type { VideoAccess } from './video-access.ts';
import type { WireSilk } from '../wire/silk.ts';

/** A device that called the device API within three of its poll intervals counts as connected. */
export const CONNECTED_WITHIN_MS = 3 * DEVICE_POLL_SECONDS * 1000;

type Body = Record<string, unknown>;

export function toWireSilk(row: VideoDeviceRow, now: number): WireSilk {
  const reported = DELIVERY_STATES.includes(row.status.description as DeliveryState) ? (row.status.description as DeliveryState) : 'Queued';
  const description = row.checked ? reported : '';
  const seen = row.last_seen_at ? new Date(row.last_seen_at) : null;
  return {
    id: row.id,
    label: row.label,
    device_id: row.device_id,
    checked: row.checked,
    pending: false,
    status: {
      description,
      connected: seen !== null && now - seen.getTime() <= CONNECTED_WITHIN_MS,
      last_update: row.status.updated_at ?? seen?.toISOString() ?? null,
      percent: description === 'Downloading' ? Number(row.status.percent ?? 0) : null,
    },
  };
}

/**
 * The details page's Direct Delivery list (spec 1 section 2.13): the devices of the video's organization and
 * whether each holds the video. Staff of that organization and super users only (a family link finds nothing).
 */
export function silkService(deps: { silks: SilkRepository; prepare: (silk: { id: number; organization_id: number }, videoId: number) => void }) {
  function organizationOf(access: VideoAccess): number {
    // The upload link is for photos and music; delivery is the funeral home's business.
    if (!access.user || access.linkLevel !== undefined || access.video.organization_id === null) throw notFound();
    return access.video.organization_id;
  }

  async function list(access: VideoAccess): Promise<WireSilk[]> {
    const rows = await deps.silks.devicesForVideo(access.video.id, organizationOf(access));
    const now = Date.now();
    return rows.map((row) => toWireSilk(row, now));
  }

  return {
    list,

    /** POST /r/silks/toggle: switches the video on or off for one of its organization's devices; answers that device. */
    async toggle(access: VideoAccess, body: Body): Promise<WireSilk> {
      const organizationId = organizationOf(access);
      const deviceId = typeof body.device_id === 'string' || typeof body.device_id === 'number' ? String(body.device_id).trim() : '';
      if (!deviceId) throw new AppError(400, 'device_id must name a device.');
      if (typeof body.state !== 'boolean') throw new AppError(400, 'state must be true or false.');
      const silk = await deps.silks.findInOrganization(organizationId, deviceId);
      if (!silk) throw notFound();
      await deps.silks.setChecked(access.video.id, silk.id, body.state);
      if (body.state) deps.prepare(silk, access.video.id);
      const device = (await list(access)).find((row) => row.id === silk.id);
      if (!device) throw notFound();
      return device;
    },
  };
}
