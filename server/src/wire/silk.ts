import type { DeliveryState } from '../../../common/device-protocol.ts';

/**
 * A Direct Delivery device as the details page's list shows it for one video (spec 1 section 3: id, label, deviceId,
 * checked, pending, status {description, connected, lastUpdate, percent}). `pending` is the page's own flag while a
 * toggle is on its way, always false from the server.
 */
export interface WireSilk {
  id: number;
  label: string;
  device_id: string;
  checked: boolean;
  pending: boolean;
  status: {
    /** Ready, Downloading, Queued or Error while the video is switched on; '' while it is off. */
    description: DeliveryState | '';
    /** The device called the device API lately. */
    connected: boolean;
    /** ISO time of the device's last report for this video, else of its last call; null if never seen. */
    last_update: string | null;
    /** 0..100 while Downloading, else null. */
    percent: number | null;
  };
}

/** A registered device on the /settings/silks page (admin/resources/silks.ts; super users). */
export interface WireSilkDevice {
  id: number;
  organization_id: number;
  organization_name: string;
  label: string;
  device_id: string;
  disabled: boolean;
  /** A token was issued (a device without one cannot sign in). */
  has_token: boolean;
  last_seen_at: string | null;
  created_at: string;
}

/** POST /r/settings/silks/{id}/token: the device's new token, the only time it is sent. */
export interface WireSilkToken {
  token: string;
}
