import type { Db } from '../db/database.ts';

export interface StockSongRow {
  id: number;
  song_name: string;
  artist_name: string;
  song_length: number;
  /** Storage key of the high-quality file the render engine uses (48 kHz AAC). */
  file_path: string | null;
  /** Storage key of the browser preview (MP3). */
  preview_path: string | null;
  /** The catalogue track id of a composed song; null for an uploaded one. */
  composition_key: string | null;
  composition_version: string | null;
  disabled: boolean;
  premium: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface StockCategoryRow {
  id: number;
  name: string;
  position: number;
}

export interface StockLinkRow {
  stock_song_category_id: number;
  stock_song_id: number;
}

const FAVORITE_KIND = 'stock_song';

/** The stock music library: songs, categories, their links and users' favourites. */
export function stockSongRepository(db: Db) {
  return {
    /** What the music dialog offers: ready, not disabled, not premium. */
    async listVisible(): Promise<StockSongRow[]> {
      return db<StockSongRow>('stock_songs')
        .where({ disabled: false, premium: false })
        .whereNotNull('preview_path')
        .orderBy([{ column: 'song_name' }, { column: 'id' }]);
    },
    async listAll(): Promise<StockSongRow[]> {
      return db<StockSongRow>('stock_songs').orderBy([{ column: 'song_name' }, { column: 'id' }]);
    },
    async findById(id: number): Promise<StockSongRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<StockSongRow>('stock_songs').where({ id }).first();
    },
    async findVisible(ids: number[]): Promise<StockSongRow[]> {
      if (!ids.length) return [];
      return db<StockSongRow>('stock_songs').whereIn('id', ids).where({ disabled: false, premium: false }).whereNotNull('file_path');
    },
    async listComposed(): Promise<StockSongRow[]> {
      return db<StockSongRow>('stock_songs').whereNotNull('composition_key').orderBy('id');
    },
    /**
     * A song's length comes from its audio: every video song that plays a stock song takes the stock song's
     * measured length (rows added while the audio was still being made hold 0). Answers the videos changed.
     */
    async syncSongLengths(stockSongId?: number): Promise<number[]> {
      const rows = await db('songs')
        .update({ song_length: db.ref('stock_songs.song_length') })
        .updateFrom('stock_songs')
        .where('songs.stock_song_id', db.ref('stock_songs.id'))
        .where('stock_songs.song_length', '>', 0)
        .whereNotNull('stock_songs.file_path')
        .whereRaw('songs.song_length <> stock_songs.song_length')
        .modify((q) => {
          if (stockSongId !== undefined) q.where('stock_songs.id', stockSongId);
        })
        .returning<{ video_id: number }[]>('songs.video_id');
      return [...new Set(rows.map((r) => r.video_id))];
    },
    async create(values: Partial<StockSongRow>): Promise<StockSongRow> {
      const [row] = await db('stock_songs').insert(values).returning('*');
      return row as StockSongRow;
    },
    /** Inserts a composed song unless its catalogue key exists already; answers the new row, if any. */
    async createComposed(values: Partial<StockSongRow> & { composition_key: string }): Promise<StockSongRow | undefined> {
      const [row] = await db('stock_songs').insert(values).onConflict('composition_key').ignore().returning('*');
      return row as StockSongRow | undefined;
    },
    async update(id: number, values: Partial<StockSongRow>): Promise<StockSongRow> {
      const [row] = await db('stock_songs').where({ id }).update({ ...values, updated_at: db.fn.now() }).returning('*');
      return row as StockSongRow;
    },

    async categories(): Promise<StockCategoryRow[]> {
      return db<StockCategoryRow>('stock_song_categories').orderBy([{ column: 'position' }, { column: 'name' }]);
    },
    async findCategory(id: number): Promise<StockCategoryRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<StockCategoryRow>('stock_song_categories').where({ id }).first();
    },
    async findCategoryByName(name: string): Promise<StockCategoryRow | undefined> {
      return db<StockCategoryRow>('stock_song_categories').whereRaw('lower(name) = lower(?)', [name]).first();
    },
    async createCategory(name: string): Promise<StockCategoryRow> {
      const [{ next }] = await db('stock_song_categories').select(db.raw('coalesce(max(position), 0) + 1 as next'));
      const [row] = await db('stock_song_categories').insert({ name, position: next }).returning('*');
      return row as StockCategoryRow;
    },
    async renameCategory(id: number, name: string): Promise<StockCategoryRow> {
      const [row] = await db('stock_song_categories').where({ id }).update({ name }).returning('*');
      return row as StockCategoryRow;
    },

    async links(): Promise<StockLinkRow[]> {
      return db<StockLinkRow>('stock_song_category_links').select('stock_song_category_id', 'stock_song_id').orderBy('id');
    },
    async link(songId: number, categoryIds: number[]): Promise<void> {
      if (!categoryIds.length) return;
      await db('stock_song_category_links')
        .insert(categoryIds.map((id) => ({ stock_song_category_id: id, stock_song_id: songId })))
        .onConflict(['stock_song_category_id', 'stock_song_id'])
        .ignore();
    },
    /** Replaces a song's categories with exactly these. */
    async setCategories(songId: number, categoryIds: number[]): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('stock_song_category_links').where({ stock_song_id: songId }).delete();
        if (categoryIds.length) {
          await trx('stock_song_category_links').insert(categoryIds.map((id) => ({ stock_song_category_id: id, stock_song_id: songId })));
        }
      });
    },

    async favoriteIds(userId: number): Promise<Set<number>> {
      const rows = await db('favorites').where({ user_id: userId, kind: FAVORITE_KIND }).select<{ target_id: number }[]>('target_id');
      return new Set(rows.map((r) => r.target_id));
    },
    async setFavorite(userId: number, songId: number, favorite: boolean): Promise<void> {
      if (favorite) {
        await db('favorites').insert({ user_id: userId, kind: FAVORITE_KIND, target_id: songId }).onConflict(['user_id', 'kind', 'target_id']).ignore();
      } else {
        await db('favorites').where({ user_id: userId, kind: FAVORITE_KIND, target_id: songId }).delete();
      }
    },
  };
}

export type StockSongRepository = ReturnType<typeof stockSongRepository>;
