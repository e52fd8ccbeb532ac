/**
 * The Direct Delivery device protocol (issue 16), written once and imported by the server (routes/devices.routes.ts)
 * and the device simulator (scripts/device-simulator.ts). A device is a set-top receiver at a funeral home. It
 * holds the token an administrator was shown once when registering it, and sends it on every call as
 * `Authorization: Bearer <token>`; a missing, unknown or disabled device's token gets 401 with a JSON body.
 *
 *   GET  {DEVICE_API}/deliveries           what to hold: each video switched on for this device whose HD video is
 *                                          finished, with the file's url (HTTP Range), size and SHA-256
 *   GET  {DEVICE_API}/videos/{id}/hd.mp4   the file itself (Range, ETag / If-Range); only for a listed video
 *   POST {DEVICE_API}/status               what the device has: one report per video it was asked for
 *   GET  {DEVICE_API}/notifications?after={cursor}&wait={seconds}
 *                                          waits (at most NOTICE_WAIT_SECONDS) until staff use Notify Silk Devices
 *                                          (spec 3 section 6) for one of the device's videos after `after`, and
 *                                          answers those videos at once; an empty list when the wait ends. A device
 *                                          keeps this call open between its polls, so a notice reaches it in a moment
 *                                          rather than at its next poll; it then syncs, checking again the copy it
 *                                          holds of each noticed video (fetched anew when the check fails), and
 *                                          reports. The answer's cursor goes in the next call's `after`.
 *
 * Every call counts as the device being seen (the details page shows it as connected). A device keeps a video while
 * it is listed and may drop it once it is not; a changed sha256 means the video was made again and is fetched anew.
 * DEVICE_PROTOCOL_VERSION changes only when a message changes shape incompatibly.
 */

export const DEVICE_PROTOCOL_VERSION = 1;
export const DEVICE_API = '/api/devices/v1';

export const devicePaths = {
  deliveries: `${DEVICE_API}/deliveries`,
  notifications: `${DEVICE_API}/notifications`,
  status: `${DEVICE_API}/status`,
  file: (videoId: number): string => `${DEVICE_API}/videos/${videoId}/hd.mp4`,
};

/** The status descriptions the details page shows (spec 1 section 3; Error is ours, for a failed download). */
export const DELIVERY_STATES = ['Queued', 'Downloading', 'Ready', 'Error'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** How often a device should ask; the server says so in every deliveries reply. */
export const DEVICE_POLL_SECONDS = 10;

/** The longest a notifications call is kept open. */
export const NOTICE_WAIT_SECONDS = 30;

/** A Notify Silk Devices press for one video. */
export interface DeviceNotice {
  video_id: number;
  /** ISO time of the press. */
  requested_at: string;
}

export interface DeviceNoticesReply {
  notices: DeviceNotice[];
  /** Send as `after` next time: the newest press answered so far (or the `after` sent, when none). */
  cursor: string;
}

/** GET deliveries: one video to hold. */
export interface DeviceDelivery {
  video_id: number;
  title: string;
  /** Absolute url of the HD file on the device API. */
  url: string;
  bytes: number;
  /** Lowercase hex SHA-256 of the whole file. */
  sha256: string;
  /** ISO time staff last asked the devices to fetch this video now (Notify Silk Devices), or null. */
  requested_at: string | null;
}

export interface DeviceDeliveriesReply {
  protocol: number;
  device: { id: number; label: string; device_id: string };
  poll_seconds: number;
  deliveries: DeviceDelivery[];
}

/** POST status: what the device has of one video. */
export interface DeviceStatusReport {
  video_id: number;
  state: DeliveryState;
  /** 0..100, while Downloading. */
  percent?: number;
  /** Why, when Error. */
  message?: string;
}

export interface DeviceStatusBody {
  reports: DeviceStatusReport[];
}

export interface DeviceStatusReply {
  /** Reports stored; reports of videos not delivered to this device are ignored. */
  accepted: number;
}

/** Checks a status body as received; throws an Error whose message says what is wrong. */
export function parseStatusBody(body: unknown): DeviceStatusBody {
  const reports = (body as { reports?: unknown } | null)?.reports;
  if (!Array.isArray(reports)) throw new Error('reports must be a list.');
  if (reports.length > 1000) throw new Error('Too many reports in one call (at most 1000).');
  return {
    reports: reports.map((raw, index): DeviceStatusReport => {
      const where = `reports[${index}]`;
      const report = (raw ?? {}) as Record<string, unknown>;
      const videoId = report.video_id;
      if (typeof videoId !== 'number' || !Number.isSafeInteger(videoId) || videoId <= 0) throw new Error(`${where}.video_id must be a video id.`);
      const state = report.state;
      if (!DELIVERY_STATES.includes(state as DeliveryState)) throw new Error(`${where}.state must be one of ${DELIVERY_STATES.join(', ')}.`);
      const out: DeviceStatusReport = { video_id: videoId, state: state as DeliveryState };
      if (report.percent !== undefined && report.percent !== null) {
        const percent = report.percent;
        if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) throw new Error(`${where}.percent must be a number from 0 to 100.`);
        out.percent = Math.round(percent * 10) / 10;
      }
      if (report.message !== undefined && report.message !== null) {
        if (typeof report.message !== 'string') throw new Error(`${where}.message must be text.`);
        out.message = report.message.slice(0, 500);
      }
      return out;
    }),
  };
}
