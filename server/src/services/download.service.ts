import { createHmac, timingSafeEqual } from 'node:crypto';
import { notFound } from '../http/errors.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderRecordRepository } from '../repositories/render-record.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';

export interface DownloadFile {
  /** Its storage key (served with Range from whichever backend holds it). */
  key: string;
  /** A name for the browser's save dialog. */
  name: string;
  etag: string;
}

/** A file name made from the title: letters, digits and a few safe marks. */
export function downloadName(title: string, suffix: string): string {
  const base = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, ' ').slice(0, 80);
  return `${base || 'Tribute video'}${suffix}`;
}

/**
 * Where a file can be downloaded, keyed by source: this server as 'primary', then each alternate server of the
 * configuration (DOWNLOAD_ALTERNATES) at the same path, naming itself in the `alt` query value (CONVENTIONS).
 */
export function downloadUrls(publicUrl: string, alternates: Record<string, string>, filePath: string): Record<string, string> {
  const urls: Record<string, string> = { primary: `${publicUrl}${filePath}` };
  for (const [name, origin] of Object.entries(alternates)) urls[name] = `${origin}${filePath}?alt=${encodeURIComponent(name)}`;
  return urls;
}

/**
 * A ticket for one video's disc image, carried in its download url's `ticket` query value: the burn tool's helper
 * downloads the image itself, without the staff member's session, so POST /downloads/iso (a staff call) hands out
 * urls that carry their own permission. HMAC-SHA256 under the server's secret of the video code and the expiry;
 * a day long, so a slow or resumed download still finishes.
 */
export const ISO_TICKET_SECONDS = 24 * 3600;

export function isoTicket(secret: string, videoCode: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + ISO_TICKET_SECONDS;
  const mac = createHmac('sha256', secret).update(`dvd-iso\n${videoCode}\n${expires}`).digest('base64url');
  return `${expires}.${mac}`;
}

/** True when the ticket was made by this server (same secret) for this video code and has not expired. */
export function isoTicketValid(secret: string, videoCode: string, ticket: unknown, nowMs = Date.now()): boolean {
  if (typeof ticket !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match || Number(match[1]) * 1000 < nowMs) return false;
  const expected = createHmac('sha256', secret).update(`dvd-iso\n${videoCode}\n${match[1]}`).digest();
  const given = Buffer.from(match[2], 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A url of downloadUrls with the ticket added to its query. */
export const withTicket = (url: string, ticket: string): string => `${url}${url.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;

/** The path of a finished file of a video under /downloads/. */
export const videoFilePath = (videoCode: string, file: 'hd.mp4' | 'web.mp4' | 'dvd.iso'): string => `/downloads/video/${encodeURIComponent(videoCode)}/${file}`;

/**
 * The finished files of a video. A video opened for editing again (no date_in_queue) is not streamed until it
 * is finalized again (spec 3 section 4.9); a deleted video serves nothing.
 */
export function downloadService(videos: VideoRepository, records: RenderRecordRepository, files: MediaFileRepository) {
  async function finished(video: VideoRow, kind: 'hd' | 'web', key: 'file_key' | 'cover_key' | 'snapshot_key'): Promise<{ key: string; etag: string }> {
    if (video.deleted_at || !video.date_in_queue) throw notFound();
    const render = await records.latestDone(video.id, kind);
    const stored = render?.[key];
    if (!render || !stored || !(await files.size(stored))) throw notFound();
    return { key: stored, etag: `"${kind}-${render.id}-${key}"` };
  }

  return {
    findByCode: async (code: string): Promise<VideoRow> => {
      const video = /^[0-9a-f]{8,64}$/i.test(code) ? await videos.findByCode(code) : undefined;
      if (!video) throw notFound();
      return video;
    },
    async video(video: VideoRow, kind: 'hd' | 'web'): Promise<DownloadFile> {
      const file = await finished(video, kind, 'file_key');
      return { ...file, name: downloadName(video.title, kind === 'hd' ? ' (HD).mp4' : '.mp4') };
    },
    async cover(video: VideoRow): Promise<DownloadFile> {
      const file = await finished(video, 'hd', 'cover_key');
      return { ...file, name: downloadName(video.title, ' cover.jpg') };
    },
    /** A still of the HD video (its first photo, taken from the finished file when the render joins it). */
    async snapshot(video: VideoRow): Promise<DownloadFile> {
      const file = await finished(video, 'hd', 'snapshot_key');
      return { ...file, name: downloadName(video.title, ' snapshot.jpg') };
    },
  };
}
