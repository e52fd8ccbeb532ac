import type { Db } from '../db/database.ts';
import type { SlideRow } from './slide.repository.ts';

/** The slide columns the media side reads: the file, its processing state and every edit that changes pixels. */
export type SlideMediaRow = Pick<SlideRow, (typeof COLUMNS)[number]>;

export interface ProcessedMedia {
  mime: string;
  sha256: string;
  width: number;
  height: number;
  bytes: number;
  /** Only written when the file says when it was taken; otherwise the upload's own value stays. */
  datetime: Date | null;
  isVideo: boolean;
  clipDuration: number | null;
}

const COLUMNS = [
  'id', 'video_id', 'is_text', 'is_video', 'orig_path', 'orig_filename', 'mime', 'sha256', 'width', 'height', 'bytes',
  'datetime', 'processing_state', 'processing_error', 'angle', 'crop', 'hue', 'brightness', 'contrast', 'saturation',
  'redeyes', 'blemishes', 'straighten', 'enhance', 'clip_start', 'clip_end', 'clip_duration', 'deleted_at',
] as const satisfies readonly (keyof SlideRow)[];

export function slideMediaRepository(db: Db) {
  return {
    async findById(id: number): Promise<SlideMediaRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<SlideMediaRow>('slides').where({ id }).first([...COLUMNS]);
    },

    /** A clip keeps any trim already set; a fresh one plays whole. */
    async markReady(id: number, media: ProcessedMedia): Promise<void> {
      await db('slides')
        .where({ id })
        .update({
          mime: media.mime,
          sha256: media.sha256,
          width: media.width,
          height: media.height,
          bytes: media.bytes,
          ...(media.datetime ? { datetime: media.datetime } : {}),
          is_video: media.isVideo,
          clip_duration: media.clipDuration,
          ...(media.isVideo
            ? { clip_start: db.raw('coalesce(clip_start, 0)'), clip_end: db.raw('coalesce(clip_end, ?)', [media.clipDuration]) }
            : {}),
          processing_state: 'ready',
          processing_error: null,
          updated_at: db.fn.now(),
        });
    },

    /** A permanent error marks the slide deleted (spec 2, section 4); an earlier deletion time is kept. */
    async markFailed(id: number, message: string): Promise<void> {
      await db('slides')
        .where({ id })
        .update({
          processing_state: 'failed',
          processing_error: message,
          deleted_at: db.raw('coalesce(deleted_at, now())'),
          updated_at: db.fn.now(),
        });
    },
  };
}

export type SlideMediaRepository = ReturnType<typeof slideMediaRepository>;
