import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../media/limits.ts';
import { sniffMedia } from '../media/media-types.ts';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import { addWithinLinkLimit } from './link-limit.ts';
import { CAPTION_FONT } from './slide-attributes.ts';
import type { VideoAccess } from './video-access.ts';

export const UPLOAD_IDLE_EXPIRY_MS = 24 * 3600 * 1000;
export const NOT_MEDIA = 'This file is not a photo or video we can read.';
export const DISK_FULL = 'The server is out of storage space, so this file could not be saved. Please try again later.';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export interface UploadServiceDeps {
  db: Db;
  slides: SlideRepository;
  storage: StorageRepository;
  queue: Pick<Queue, 'send'> | undefined;
  /** Where the tus store keeps partial uploads (the file named by the upload id). */
  uploadDir: string;
  removePartial: (tusId: string) => Promise<void>;
  /** Bytes received and expected for a partial upload, if the store still has it. */
  partialInfo: (tusId: string) => Promise<{ offset: number; size?: number } | undefined>;
  notify: (videoId: number) => Promise<void>;
}

export interface NewUpload {
  fileName: string;
  fileType: string;
  size: number;
  clientUploadId: string;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The slide side of resumable uploads: a slide is reserved when an upload starts (so an upload limit holds even
 * when many uploads race), and becomes a real slide when the last byte arrives and the bytes prove to be media.
 */
export function uploadService(deps: UploadServiceDeps) {
  const { db, slides } = deps;

  async function fail(slide: SlideRow, message: string): Promise<void> {
    await slides.update(slide.id, { processing_state: 'failed', processing_error: message, deleted_at: new Date() });
  }

  return {
    /** Checks size and the upload-link limit and reserves the slide; answers the tus id to create. */
    async reserve(access: VideoAccess, upload: NewUpload): Promise<string> {
      if (!Number.isSafeInteger(upload.size) || upload.size <= 0) throw new AppError(400, 'This file is empty.');
      const max = upload.fileType.startsWith('image/') ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
      if (upload.size > max) {
        throw new AppError(413, `This file is too large (${mb(upload.size)}). The largest ${max === MAX_IMAGE_BYTES ? 'photo' : 'video'} we accept is ${mb(max)}.`);
      }
      const video = access.video;
      const viaLink = access.linkLevel !== undefined;
      const tusId = `s${randomBytes(16).toString('hex')}`;
      // The reserved slide counts against the link's limit at once, so uploads racing each other cannot overshoot it.
      await addWithinLinkLimit(slides, access, () => 1, async (trx) =>
        slides.insert(
          {
            video_id: video.id,
            position: await slides.nextPosition(video.id, trx),
            tus_id: tusId,
            upload_id: upload.clientUploadId.slice(0, 100) || null,
            orig_filename: upload.fileName.slice(0, 500),
            font: CAPTION_FONT,
            processing_state: 'uploading',
            upload_activity_at: new Date(),
            via_upload_link: viaLink,
          },
          trx,
        ),
      );
      return tusId;
    },

    async slideFor(tusId: string): Promise<SlideRow | undefined> {
      return slides.findByTusId(tusId);
    },

    async touch(slide: SlideRow): Promise<void> {
      await db('slides').where({ id: slide.id }).update({ upload_activity_at: new Date() });
    },

    /** The client cancelled: the reserved slide goes away with the partial bytes. */
    async cancelled(slide: SlideRow): Promise<void> {
      if (slide.processing_state === 'uploading') await slides.update(slide.id, { deleted_at: new Date() });
    },

    /**
     * The last byte arrived: decide the type from the bytes, move the file into storage under the slide and queue
     * its processing. Safe to run twice (a crash between steps is finished by the next call).
     */
    async complete(slide: SlideRow): Promise<SlideRow> {
      if (slide.processing_state !== 'uploading') return slide;
      const partial = path.join(deps.uploadDir, slide.tus_id!);
      const type = sniffMedia(await readHead(partial));
      if (!type) {
        await fail(slide, NOT_MEDIA);
        await deps.removePartial(slide.tus_id!);
        throw new AppError(415, NOT_MEDIA);
      }
      const key = `videos/${slide.video_id}/slides/${slide.id}/original.${type.ext}`;
      const sha256 = await sha256Of(partial);
      const { size: bytes } = await stat(partial);
      // Moved (local storage) or uploaded (object storage) under the slide.
      await deps.storage.publish(key, partial);
      await deps.removePartial(slide.tus_id!);
      const row = await slides.update(slide.id, {
        orig_path: key,
        mime: type.mime,
        is_video: type.kind === 'video',
        sha256,
        bytes,
        processing_state: 'pending',
      });
      if (row.via_upload_link) await db('videos').where({ id: slide.video_id }).update({ last_family_upload: new Date() });
      await deps.queue?.send('slides.process', { slideId: slide.id });
      await deps.notify(slide.video_id);
      return row;
    },

    async diskFull(slide: SlideRow): Promise<void> {
      await fail(slide, DISK_FULL);
      await deps.removePartial(slide.tus_id!);
      await rm(path.join(deps.uploadDir, slide.tus_id!), { force: true });
    },

    /**
     * After a crash: uploads whose last byte arrived but were not finished are finished now, and slides whose
     * processing job was lost are queued again (processing is idempotent, so a duplicate does no harm).
     */
    async recover(stuckForMs = 0): Promise<void> {
      const before = Date.now() - stuckForMs;
      for (const slide of await slides.inState('uploading')) {
        const info = await deps.partialInfo(slide.tus_id!);
        if (info && info.size !== undefined && info.offset === info.size) await this.complete(slide).catch(() => undefined);
      }
      for (const slide of await slides.inState('pending')) {
        if (new Date(slide.updated_at).getTime() <= before) await deps.queue?.send('slides.process', { slideId: slide.id });
      }
    },

    /** Uploads idle for 24 hours are given up: their bytes are deleted and the reserved slide with them. */
    async expireIdle(now = Date.now()): Promise<number> {
      const stale = await slides.staleUploads(new Date(now - UPLOAD_IDLE_EXPIRY_MS));
      await this.recover(10 * 60_000);
      for (const slide of stale) {
        await deps.removePartial(slide.tus_id!);
        await slides.update(slide.id, { deleted_at: new Date(), processing_error: 'The upload was not finished within 24 hours.' });
      }
      return stale.length;
    },
  };
}

export type UploadService = ReturnType<typeof uploadService>;
