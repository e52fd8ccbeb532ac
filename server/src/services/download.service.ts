import { notFound } from '../http/errors.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderRecordRepository } from '../repositories/render-record.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';

export interface DownloadFile {
  path: string;
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

/** The path of a finished file of a video under /downloads/. */
export const videoFilePath = (videoCode: string, file: 'hd.mp4' | 'web.mp4' | 'dvd.iso'): string => `/downloads/video/${encodeURIComponent(videoCode)}/${file}`;

/**
 * The finished files of a video. A video opened for editing again (no date_in_queue) is not streamed until it
 * is finalized again (spec 3 section 4.9); a deleted video serves nothing.
 */
export function downloadService(videos: VideoRepository, records: RenderRecordRepository, files: MediaFileRepository) {
  async function finished(video: VideoRow, kind: 'hd' | 'web', key: 'file_key' | 'cover_key' | 'snapshot_key'): Promise<{ path: string; etag: string }> {
    if (video.deleted_at || !video.date_in_queue) throw notFound();
    const render = await records.latestDone(video.id, kind);
    const stored = render?.[key];
    if (!render || !stored || !(await files.size(stored))) throw notFound();
    return { path: files.path(stored), etag: `"${kind}-${render.id}-${key}"` };
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
