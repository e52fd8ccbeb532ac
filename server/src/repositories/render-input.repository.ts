import type { Db } from '../db/database.ts';

export interface RenderSongRow {
  id: number;
  /** The song's own upload, else its stock song's file. */
  file_path: string | null;
  song_length: number;
  trim_start: number;
  trim_end: number;
  volume: number;
  crossfade: boolean;
  stock_song_id: number | null;
}

export interface LengthRulesRow {
  video_length_limit: number;
  max_override_length: number;
}

export interface ThemeRow {
  id: number;
  theme_title: string;
  intro_length: number;
  outro_length: number;
  design: Record<string, unknown>;
}

export interface CustomThemeRow {
  id: number;
  theme_id: number;
  design: Record<string, unknown>;
  deleted_at: Date | null;
}

export interface SlideFacesRow {
  slide_id: number;
  faces: { x1: number; x2: number; y1: number; y2: number; score?: number }[];
  analysed_angle: number;
  /** The crop and straighten the analysis saw (null and 0 on rows from before they were recorded). */
  analysed_crop: unknown;
  analysed_straighten: number;
}

/** What planning reads besides slides: songs, the organization's length rules, theme rows. */
export function renderInputRepository(db: Db) {
  return {
    async songs(videoId: number): Promise<RenderSongRow[]> {
      return db('songs as s')
        .leftJoin('stock_songs as st', 'st.id', 's.stock_song_id')
        .where('s.video_id', videoId)
        .whereNull('s.deleted_at')
        .orderBy([{ column: 's.position' }, { column: 's.id' }])
        .select<RenderSongRow[]>(
          's.id', db.raw('coalesce(s.file_path, st.file_path) as file_path'),
          // A stock song attached before its audio was made carries no length yet: its stock row has it.
          db.raw('coalesce(nullif(s.song_length, 0), st.song_length) as song_length'), 's.trim_start', 's.trim_end', 's.volume', 's.crossfade', 's.stock_song_id',
        );
    },
    async lengthRules(organizationId: number | null): Promise<LengthRulesRow> {
      const row = organizationId ? await db('organizations').where({ id: organizationId }).first<LengthRulesRow | undefined>('video_length_limit', 'max_override_length') : undefined;
      return row ?? { video_length_limit: 30, max_override_length: 120 };
    },
    async theme(id: number): Promise<ThemeRow | undefined> {
      return db<ThemeRow>('themes').where({ id }).first();
    },
    async customTheme(id: number): Promise<CustomThemeRow | undefined> {
      return db<CustomThemeRow>('custom_themes').where({ id }).first();
    },
    /** Faces the rotation analysis found on a video's slides: fractions of the picture analysed, with the edits it had. */
    async faces(videoId: number): Promise<SlideFacesRow[]> {
      return db('slide_ideas').where({ video_id: videoId, flavor: 'rotation' }).whereNotNull('faces').select<SlideFacesRow[]>('slide_id', 'faces', 'analysed_angle', 'analysed_crop', 'analysed_straighten');
    },
    /** The largest slide file of a video, bytes (the preview's slow-generation warning). */
    async largestSlideBytes(videoId: number): Promise<number> {
      const row = await db('slides').where({ video_id: videoId }).whereNull('deleted_at').max<{ max: string | number | null }>('bytes as max').first();
      return Number(row?.max ?? 0);
    },
  };
}

export type RenderInputRepository = ReturnType<typeof renderInputRepository>;
