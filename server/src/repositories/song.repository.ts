import type { Db } from '../db/database.ts';

export interface SongRow {
  id: number;
  video_id: number;
  position: number;
  stock_song_id: number | null;
  song_orig_name: string;
  title: string;
  artist: string;
  /** Storage keys of an uploaded song's original and its MP3 preview; null for stock songs (their files are the library's). */
  file_path: string | null;
  preview_path: string | null;
  song_length: number;
  volume: number;
  trim_start: number;
  trim_end: number;
  crossfade: boolean;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A song with the files it plays: its own for uploads, the library's current ones for stock songs. */
export interface SongWithFiles extends SongRow {
  audio_key: string | null;
  preview_key: string | null;
  /** Changes whenever the preview file does (a re-rendered stock song), for cache-safe URLs. */
  preview_version: string;
}

export type NewSong = Pick<SongRow, 'video_id' | 'stock_song_id' | 'song_orig_name' | 'title' | 'artist' | 'song_length'> &
  Partial<Pick<SongRow, 'file_path' | 'preview_path'>>;

/** The songs of videos (soft-deleted ones stay until the purge job). */
export function songRepository(db: Db) {
  const withFiles = () =>
    db('songs')
      .leftJoin('stock_songs', 'stock_songs.id', 'songs.stock_song_id')
      .select(
        'songs.*',
        db.raw('coalesce(songs.file_path, stock_songs.file_path) as audio_key'),
        db.raw('coalesce(songs.preview_path, stock_songs.preview_path) as preview_key'),
        db.raw("coalesce(stock_songs.composition_version, left(md5(coalesce(songs.preview_path, '')), 12)) as preview_version"),
      )
      .whereNull('songs.deleted_at');

  return {
    async listActive(videoId: number): Promise<SongWithFiles[]> {
      return withFiles().where('songs.video_id', videoId).orderBy([{ column: 'songs.position' }, { column: 'songs.id' }]);
    },
    /** A song that is not deleted, found by id alone (the audio routes then check access to its video). */
    async find(songId: number): Promise<SongWithFiles | undefined> {
      if (!Number.isSafeInteger(songId) || songId <= 0) return undefined;
      return withFiles().where('songs.id', songId).first();
    },
    /** Appends songs after the video's last one, in the order given. */
    async append(videoId: number, songs: NewSong[]): Promise<SongRow[]> {
      if (!songs.length) return [];
      return db.transaction(async (trx) => {
        const [{ last }] = await trx('songs').where({ video_id: videoId }).max<{ last: number | null }[]>('position as last');
        const start = (last ?? -1) + 1;
        return trx('songs')
          .insert(songs.map((song, i) => ({ ...song, position: start + i })))
          .returning('*');
      });
    },
    async update(videoId: number, songId: number, values: Partial<SongRow>): Promise<SongRow | undefined> {
      const [row] = await db('songs')
        .where({ id: songId, video_id: videoId })
        .whereNull('deleted_at')
        .update({ ...values, updated_at: db.fn.now() })
        .returning('*');
      return row as SongRow | undefined;
    },
    async softDelete(videoId: number, songId: number): Promise<boolean> {
      const count = await db('songs').where({ id: songId, video_id: videoId }).whereNull('deleted_at').update({ deleted_at: db.fn.now(), updated_at: db.fn.now() });
      return count > 0;
    },
    /** Puts the listed songs first, in that order; songs not listed keep their order after them. */
    async reorder(videoId: number, orderedIds: number[]): Promise<void> {
      await db.transaction(async (trx) => {
        const rows = await trx('songs').where({ video_id: videoId }).whereNull('deleted_at').orderBy([{ column: 'position' }, { column: 'id' }]).select<{ id: number }[]>('id');
        const known = new Set(rows.map((r) => r.id));
        const order = [...orderedIds.filter((id) => known.has(id)), ...rows.map((r) => r.id).filter((id) => !orderedIds.includes(id))];
        for (const [position, id] of order.entries()) await trx('songs').where({ id }).update({ position });
      });
    },
    async musicUploadAvailable(organizationId: number | null): Promise<boolean> {
      if (organizationId === null) return false;
      const org = await db('organizations').where({ id: organizationId }).first<{ music_upload_available: boolean } | undefined>('music_upload_available');
      return org?.music_upload_available ?? false;
    },
  };
}

export type SongRepository = ReturnType<typeof songRepository>;
