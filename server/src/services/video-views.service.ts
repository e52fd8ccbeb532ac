import { createHmac } from 'node:crypto';
import { AppError } from '../http/errors.ts';
import type { VideoRepository } from '../repositories/video.repository.ts';
import type { VideoViewRepository } from '../repositories/video-view.repository.ts';

/**
 * A viewer as the view count knows them: a keyed hash of their address and browser. The key (the server's secret)
 * keeps the address from being read back out of the hash; the count needs only to tell viewers apart.
 */
export function viewerKey(secret: string, ip: string, userAgent: string): string {
  return createHmac('sha256', secret).update(`${ip}\n${userAgent}`).digest('base64url');
}

/**
 * Views (spec 3: the card's views count). Playing the video where the public watches it, the player page (embedded in
 * the family's obituary page, or opened from a shared link), counts one view per viewer and UTC day.
 */
export function videoViewsService(videos: Pick<VideoRepository, 'findByCode'>, views: VideoViewRepository, secret: string) {
  return {
    /** True when this play was counted; a video nobody may play there answers as missing. */
    async played(code: string, viewer: { ip: string; userAgent: string }): Promise<boolean> {
      const video = /^[0-9a-f]{8,64}$/i.test(code) ? await videos.findByCode(code) : undefined;
      if (!video || video.deleted_at || video.hide_embed || !video.date_in_queue) throw new AppError(404, 'Not found');
      return views.record(video.id, viewerKey(secret, viewer.ip, viewer.userAgent));
    },
  };
}
