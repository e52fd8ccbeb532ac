import type { Db } from '../db/database.ts';

/** A Direct Delivery device ("silk") as stored. */
export interface SilkRow {
  id: number;
  organization_id: number;
  label: string;
  device_id: string;
  status: Record<string, unknown>;
  last_seen_at: Date | null;
  disabled: boolean;
  token_hash: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What a device last said about one video (video_silks.status), as the device API stores it. */
export interface DeliveryStatus {
  description?: string;
  percent?: number | null;
  message?: string | null;
  /** ISO time of the device's last report for this video. */
  updated_at?: string;
  /** ISO time of the last notify_silk (spec 3), kept beside the device's reports. */
  requested_at?: string;
}

/** One of an organization's devices as the details page lists it for a video. */
export interface VideoDeviceRow {
  id: number;
  label: string;
  device_id: string;
  last_seen_at: Date | null;
  checked: boolean;
  status: DeliveryStatus;
}

/** A video switched on for a device, with its latest finished HD render (if any). */
export interface DeliveryRow {
  video_id: number;
  title: string;
  /** ISO time of the last notify_silk for this device and video, or null. */
  requested_at: string | null;
  render_id: number | null;
  file_key: string | null;
  sha256: string | null;
}

/**
 * Direct-delivery devices ("silks") and their links to videos (video_silks: checked = the video is switched on for
 * the device; status = what the device last reported of it). Devices of one organization see only that
 * organization's videos: every query that joins a device to a video also requires the same organization.
 */
export function silkRepository(db: Db) {
  /** The videos a device is asked to hold: switched on, the device's own organization, finalized, not deleted. */
  const deliveriesQuery = (silk: Pick<SilkRow, 'id' | 'organization_id'>) =>
    db('video_silks as vs')
      .join('videos as v', 'v.id', 'vs.video_id')
      .where({ 'vs.silk_id': silk.id, 'vs.checked': true, 'v.organization_id': silk.organization_id })
      .whereNull('v.deleted_at')
      .whereNotNull('v.date_in_queue');

  return {
    /** Marks the request on the video's enabled, checked devices; answers how many there were. */
    async requestDelivery(videoId: number, at: Date): Promise<number> {
      const { rowCount } = await db.raw<{ rowCount: number }>(
        `UPDATE video_silks vs SET status = vs.status || jsonb_build_object('requested_at', ?::text)
         FROM silks s
         WHERE vs.silk_id = s.id AND vs.video_id = ? AND vs.checked AND NOT s.disabled`,
        [at.toISOString(), videoId],
      );
      return rowCount ?? 0;
    },

    /** The device's videos whose notify_silk came after `after` (an ISO time), oldest first. */
    async notices(silk: Pick<SilkRow, 'id' | 'organization_id'>, after: string): Promise<{ video_id: number; requested_at: string }[]> {
      return deliveriesQuery(silk)
        .whereRaw(`(vs.status->>'requested_at')::timestamptz > ?::timestamptz`, [after])
        .select<{ video_id: number; requested_at: string }[]>('v.id as video_id', db.raw(`vs.status->>'requested_at' as requested_at`))
        .orderByRaw(`(vs.status->>'requested_at')::timestamptz, v.id`);
    },

    /** An enabled device by its token's hash. */
    async findByTokenHash(tokenHash: string): Promise<SilkRow | undefined> {
      return db<SilkRow>('silks').where({ token_hash: tokenHash, disabled: false }).first();
    },

    async touch(silkId: number, at: Date): Promise<void> {
      await db('silks').where({ id: silkId }).update({ last_seen_at: at });
    },

    /** The device's deliveries with each video's latest finished HD render (null until there is one). */
    async deliveries(silk: Pick<SilkRow, 'id' | 'organization_id'>, videoId?: number): Promise<DeliveryRow[]> {
      const latestHd = db('renders')
        .distinctOn('video_id')
        .select('video_id', 'id', 'file_key', 'sha256')
        .where({ kind: 'hd', status: 'done' })
        .orderBy([{ column: 'video_id' }, { column: 'id', order: 'desc' }])
        .as('r');
      const query = deliveriesQuery(silk)
        .leftJoin(latestHd, 'r.video_id', 'v.id')
        .select<DeliveryRow[]>('v.id as video_id', 'v.title', db.raw(`vs.status->>'requested_at' as requested_at`), 'r.id as render_id', 'r.file_key', 'r.sha256')
        .orderBy('v.id');
      if (videoId !== undefined) query.where('v.id', videoId);
      return query;
    },

    /** Stores a device's report on a video it is asked to hold; false when it is not (switched off, another organization's). */
    async storeReport(silk: Pick<SilkRow, 'id' | 'organization_id'>, videoId: number, status: DeliveryStatus): Promise<boolean> {
      const updated = await db('video_silks')
        .where({ silk_id: silk.id, video_id: videoId, checked: true })
        .whereIn('video_id', deliveriesQuery(silk).select('v.id'))
        .update({ status: db.raw('status || ?::jsonb', [JSON.stringify(status)]) });
      return updated > 0;
    },

    async setRenderSha256(renderId: number, sha256: string): Promise<void> {
      await db('renders').where({ id: renderId }).whereNull('sha256').update({ sha256 });
    },

    /** Every enabled device of the organization, and whether and how each holds the video. */
    async devicesForVideo(videoId: number, organizationId: number): Promise<VideoDeviceRow[]> {
      return db('silks as s')
        .leftJoin('video_silks as vs', function () {
          this.on('vs.silk_id', 's.id').andOn('vs.video_id', db.raw('?', [videoId]));
        })
        .where({ 's.organization_id': organizationId, 's.disabled': false })
        .select<VideoDeviceRow[]>('s.id', 's.label', 's.device_id', 's.last_seen_at', db.raw('coalesce(vs.checked, false) as checked'), db.raw(`coalesce(vs.status, '{}'::jsonb) as status`));
    },

    /** An enabled device of the organization by its device id. */
    async findInOrganization(organizationId: number, deviceId: string): Promise<SilkRow | undefined> {
      return db<SilkRow>('silks').where({ organization_id: organizationId, device_id: deviceId, disabled: false }).first();
    },

    /**
     * Switches the video on or off for the device. Off removes the link, and with it what the device reported, so the
     * video's own list of devices (the details card's Direct Delivery row) holds only the devices it is sent to.
     */
    async setChecked(videoId: number, silkId: number, checked: boolean): Promise<void> {
      if (!checked) {
        await db('video_silks').where({ video_id: videoId, silk_id: silkId }).delete();
        return;
      }
      await db('video_silks').insert({ video_id: videoId, silk_id: silkId, checked: true, status: '{}' }).onConflict(['video_id', 'silk_id']).merge({ checked: true });
    },

    /** Registration (/settings/silks lists and edits devices through the admin scaffold): a device's new token. */
    async setTokenHash(id: number, tokenHash: string): Promise<boolean> {
      return (await db('silks').where({ id }).update({ token_hash: tokenHash, updated_at: db.fn.now() })) > 0;
    },
  };
}

export type SilkRepository = ReturnType<typeof silkRepository>;
