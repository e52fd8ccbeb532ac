import { createHash, randomBytes } from 'node:crypto';
import {
  DEVICE_POLL_SECONDS,
  DEVICE_PROTOCOL_VERSION,
  devicePaths,
  NOTICE_WAIT_SECONDS,
  type DeviceNoticesReply,
  parseStatusBody,
  type DeviceDeliveriesReply,
  type DeviceDelivery,
  type DeviceStatusReply,
} from '../../../common/device-protocol.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { DeliveryRow, SilkRepository, SilkRow } from '../repositories/silk.repository.ts';

/** A new device token: 256 random bits, with a prefix so a leaked one is recognisable in logs and scanners. */
export const newDeviceToken = (): string => `tdd_${randomBytes(32).toString('base64url')}`;

/** What is stored of a token (see the migration: a plain SHA-256 of a random token). */
export const deviceTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How often a waiting notifications call looks for a new notice. */
const NOTICE_LOOK_MS = 500;

const unauthorized = (): AppError => new AppError(401, 'A valid device token is required (Authorization: Bearer <token>).');

interface Deps {
  silks: SilkRepository;
  files: MediaFileRepository;
  /** Read at each call: the address devices reach this server at (PUBLIC_URL). */
  config: { publicUrl: string };
}

/** A delivery whose HD video is finished and on disk. */
interface ReadyDelivery extends DeliveryRow {
  render_id: number;
  file_key: string;
}

/**
 * The device API (common/device-protocol.ts): a device, known by its token, learns which of its organization's videos
 * to hold, downloads them and reports what it has. The HD file's SHA-256 is computed once per render, the first time
 * a device needs it or when the video is switched on for a device (prepare), and kept in renders.sha256.
 */
export function deviceApiService(deps: Deps) {
  const hashing = new Map<number, Promise<string>>();

  /** The render's SHA-256: stored, being computed, or computed now and stored. */
  function checksum(delivery: ReadyDelivery): Promise<string> {
    if (delivery.sha256) return Promise.resolve(delivery.sha256);
    let running = hashing.get(delivery.render_id);
    if (!running) {
      running = deps.files
        .sha256(delivery.file_key)
        .then(async (sha256) => {
          await deps.silks.setRenderSha256(delivery.render_id, sha256);
          return sha256;
        })
        .finally(() => hashing.delete(delivery.render_id));
      hashing.set(delivery.render_id, running);
    }
    return running;
  }

  const ready = (row: DeliveryRow): row is ReadyDelivery => row.render_id !== null && row.file_key !== null;

  return {
    /** The enabled device whose token the request carries, marked as seen; 401 otherwise. */
    async authenticate(authorization: string | undefined, now = new Date()): Promise<SilkRow> {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
      if (!match || match[1].length > 200) throw unauthorized();
      const silk = await deps.silks.findByTokenHash(deviceTokenHash(match[1]));
      if (!silk) throw unauthorized();
      await deps.silks.touch(silk.id, now);
      return silk;
    },

    async deliveries(silk: SilkRow): Promise<DeviceDeliveriesReply> {
      const rows = (await deps.silks.deliveries(silk)).filter(ready);
      const deliveries: DeviceDelivery[] = [];
      for (const row of rows) {
        const bytes = await deps.files.size(row.file_key);
        if (bytes === null) continue; // pruned or not there yet: the device keeps it Queued
        deliveries.push({
          video_id: row.video_id,
          title: row.title,
          url: `${deps.config.publicUrl}${devicePaths.file(row.video_id)}`,
          bytes,
          sha256: await checksum(row),
          requested_at: row.requested_at,
        });
      }
      return { protocol: DEVICE_PROTOCOL_VERSION, device: { id: silk.id, label: silk.label, device_id: silk.device_id }, poll_seconds: DEVICE_POLL_SECONDS, deliveries };
    },

    /**
     * Answers the device's videos that staff notified after `after` as soon as there are any, or none once `waitSeconds`
     * have passed (or the device hung up). The database is looked at twice a second, so a notice given on any server
     * process reaches a device waiting on any other.
     */
    async notices(silk: SilkRow, after: string | undefined, waitSeconds: number, gone: AbortSignal): Promise<DeviceNoticesReply> {
      const from = after && !Number.isNaN(Date.parse(after)) ? new Date(after).toISOString() : new Date().toISOString();
      const until = Date.now() + Math.min(Math.max(waitSeconds, 0), NOTICE_WAIT_SECONDS) * 1000;
      for (;;) {
        const found = await deps.silks.notices(silk, from);
        if (found.length) return { notices: found, cursor: found[found.length - 1].requested_at };
        if (Date.now() >= until || gone.aborted) return { notices: [], cursor: from };
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(NOTICE_LOOK_MS, Math.max(0, until - Date.now())));
          gone.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
    },

    /** The HD file's storage key of a video delivered to the device; 404 for anything else, as for a missing video. */
    async file(silk: SilkRow, videoId: number): Promise<{ key: string; etag: string }> {
      const [row] = await deps.silks.deliveries(silk, videoId);
      if (!row || !ready(row)) throw notFound();
      const sha256 = await checksum(row);
      return { key: row.file_key, etag: `"hd-${row.render_id}-${sha256.slice(0, 16)}"` };
    },

    async report(silk: SilkRow, body: unknown, now = new Date()): Promise<DeviceStatusReply> {
      let parsed;
      try {
        parsed = parseStatusBody(body);
      } catch (err) {
        throw new AppError(400, (err as Error).message);
      }
      let accepted = 0;
      for (const report of parsed.reports) {
        const stored = await deps.silks.storeReport(silk, report.video_id, {
          description: report.state,
          percent: report.state === 'Downloading' ? (report.percent ?? 0) : null,
          message: report.state === 'Error' ? (report.message ?? 'The download failed.') : null,
          updated_at: now.toISOString(),
        });
        if (stored) accepted += 1;
      }
      return { accepted };
    },

    /**
     * A new token for a registered device (/settings/silks: at creation, or when one was lost or leaked): shown to the
     * administrator once; only its hash is kept, and the previous token stops working at once.
     */
    async issueToken(silkId: number): Promise<string> {
      const token = newDeviceToken();
      if (!(await deps.silks.setTokenHash(silkId, deviceTokenHash(token)))) throw notFound();
      return token;
    },

    /** Starts the checksum of the video's finished HD render in the background, so the device's next call has it. */
    prepare(silk: Pick<SilkRow, 'id' | 'organization_id'>, videoId: number): void {
      void deps.silks
        .deliveries(silk, videoId)
        .then(([row]) => (row && ready(row) ? checksum(row) : undefined))
        .catch(() => undefined); // the device's own call computes it again and reports any problem
    },
  };
}

export type DeviceApiService = ReturnType<typeof deviceApiService>;
