import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import yazl from 'yazl';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import { AppError } from '../http/errors.ts';

/** A file name safe in a Content-Disposition header and inside a zip. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').trim();
  return cleaned || fallback;
}

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Unique names in slide order: '001 beach.jpg', '002 beach.jpg' ... so a family's folder sorts like the video. */
export function zipEntryNames(rows: Pick<SlideRow, 'id' | 'orig_filename' | 'orig_path'>[]): string[] {
  const width = Math.max(3, String(rows.length).length);
  return rows.map((row, i) => {
    const ext = path.extname(row.orig_path ?? '') || '.jpg';
    const base = safeFileName(path.basename(row.orig_filename ?? '', path.extname(row.orig_filename ?? '')), `slide-${row.id}`);
    return `${String(i + 1).padStart(width, '0')} ${base}${ext}`;
  });
}

/** Downloads of originals: one file, or a zip streamed as it is built (no temporary file, constant memory). */
export function slideFilesService(slides: SlideRepository, storage: StorageRepository) {
  return {
    async sendOriginal(ctx: Context, row: SlideRow): Promise<void> {
      const info = await storage.stat(row.orig_path!);
      if (!info) throw new AppError(404, 'The original file is missing.');
      const ext = path.extname(row.orig_path!);
      const name = safeFileName(row.orig_filename ?? '', `slide-${row.id}${ext}`);
      ctx.set('Content-Disposition', contentDisposition(name));
      ctx.type = row.mime ?? 'application/octet-stream';
      ctx.length = info.size;
      ctx.body = await storage.stream(row.orig_path!);
    },

    async sendZip(ctx: Context, video: VideoRow, wanted?: number[]): Promise<void> {
      let rows = (await slides.listActive(video.id)).filter((s) => s.orig_path && !s.is_text);
      if (wanted) rows = rows.filter((s) => wanted.includes(s.id));
      if (!rows.length) throw new AppError(404, 'There are no photos or clips to download.');
      const zip = new yazl.ZipFile();
      const names = zipEntryNames(rows);
      for (const [i, row] of rows.entries()) {
        // Photos and clips are already compressed: storing them keeps the zip fast and the CPU free.
        if (storage.kind === 'local') zip.addFile(storage.resolve(row.orig_path!), names[i], { compress: false });
        // From object storage each file is fetched as the zip reaches it, one at a time.
        else zip.addReadStreamLazy(names[i], { compress: false }, (done) => void storage.stream(row.orig_path!).then((s) => done(null, s), (err: unknown) => done(err, null as never)));
      }
      zip.end();
      const title = safeFileName(video.title, `video-${video.id}`);
      ctx.set('Content-Disposition', contentDisposition(`${title} - slides.zip`));
      ctx.type = 'application/zip';
      const out = new PassThrough();
      zip.outputStream.on('error', (err) => out.destroy(err));
      ctx.body = zip.outputStream.pipe(out);
    },
  };
}

export type SlideFilesService = ReturnType<typeof slideFilesService>;
