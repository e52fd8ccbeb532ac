import { copyFile, rm } from 'node:fs/promises';
import type { Db } from '../db/database.ts';
import type { SlideRow } from './slide.repository.ts';
import type { StorageRepository } from './storage.repository.ts';

export interface FinishedVideo {
  id: number;
  title: string;
  date_in_queue: Date;
}

/** The parts of a cover photo a copy takes over: the original and the edits that make it look as it does. */
export type CoverPhoto = Pick<
  SlideRow,
  | 'video_id' | 'orig_path' | 'orig_filename' | 'mime' | 'sha256' | 'width' | 'height' | 'bytes' | 'datetime' | 'angle' | 'crop' | 'hue'
  | 'brightness' | 'contrast' | 'saturation' | 'redeyes' | 'blemishes' | 'straighten' | 'enhance' | 'has_been_edited'
>;

const COVER_COLUMNS = [
  'video_id', 'orig_path', 'orig_filename', 'mime', 'sha256', 'width', 'height', 'bytes', 'datetime', 'angle', 'crop', 'hue',
  'brightness', 'contrast', 'saturation', 'redeyes', 'blemishes', 'straighten', 'enhance', 'has_been_edited',
];

/** An organization's ordinary (not remembrance), not deleted videos finished in [from, to). */
const finished = (db: Db, organizationId: number, from: Date, to?: Date) =>
  db('videos')
    .where({ organization_id: organizationId, is_sor: false })
    .whereNull('deleted_at')
    .where('date_in_queue', '>=', from)
    .modify((q) => {
      if (to) q.where('date_in_queue', '<', to);
    });

/**
 * The count behind the Service of Remembrance banner and GET /r/sor/video_count: videos finished since `from`.
 * One definition, so the banner and the page never disagree.
 */
export async function countFinishedVideos(db: Db, organizationId: number, from: Date): Promise<number> {
  const [row] = await finished(db, organizationId, from).count<{ count: number }[]>('* as count');
  return Number(row.count);
}

/** What a Service of Remembrance is made of, and the files its slides copy. */
export function sorRepository(db: Db, storage: StorageRepository) {
  return {
    countFinished: (organizationId: number, from: Date): Promise<number> => countFinishedVideos(db, organizationId, from),

    /** Oldest first, the order in which the families were served. */
    async finishedBetween(organizationId: number, from: Date, to: Date): Promise<FinishedVideo[]> {
      return finished(db, organizationId, from, to)
        .orderBy([{ column: 'date_in_queue' }, { column: 'id' }])
        .select<FinishedVideo[]>('id', 'title', 'date_in_queue');
    },

    /** Each video's cover: its first slide in order that is a ready photo (neither a clip nor a text slide). */
    async coverPhotos(videoIds: number[]): Promise<Map<number, CoverPhoto>> {
      if (videoIds.length === 0) return new Map();
      const rows = await db('slides')
        .distinctOn('video_id')
        .select<CoverPhoto[]>(COVER_COLUMNS)
        .whereIn('video_id', videoIds)
        .whereNull('deleted_at')
        .where({ is_text: false, is_video: false, processing_state: 'ready' })
        .whereNotNull('orig_path')
        .orderBy([{ column: 'video_id' }, { column: 'position' }, { column: 'id' }]);
      return new Map(rows.map((row) => [row.video_id, row]));
    },

    /** Copies an original to a new key under a temporary name first, so a crash never leaves half a photo. */
    async copyOriginal(fromKey: string, toKey: string): Promise<void> {
      const source = await storage.localCopy(fromKey);
      const tmp = await storage.scratchPath(toKey);
      try {
        await copyFile(source, tmp);
        await storage.publish(toKey, tmp);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    async dismiss(userId: number, year: number): Promise<void> {
      await db('users').where({ id: userId }).update({ sor_dismissed_year: year, updated_at: db.fn.now() });
    },
  };
}

export type SorRepository = ReturnType<typeof sorRepository>;
