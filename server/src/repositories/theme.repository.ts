import type { Db } from '../db/database.ts';

export interface ThemeRow {
  id: number;
  theme_title: string;
  tags: string;
  debug: boolean;
  disabled: boolean;
  default_transition_id: number | null;
  default_effect_id: number | null;
  cover_ratio: number;
  intro_length: number;
  outro_length: number;
  design: Record<string, unknown>;
}

export type ThemeRowValues = Omit<ThemeRow, 'disabled'>;

export interface OwnCustomThemeRow {
  id: number;
  theme_id: number;
  title: string;
  updated_at: Date;
}

const FAVORITE_KIND = 'theme';

export function themeRepository(db: Db) {
  return {
    /** Inserts or refreshes catalogue rows; `disabled` is left as an administrator set it. */
    async upsert(rows: ThemeRowValues[]): Promise<void> {
      const columns = ['theme_title', 'tags', 'debug', 'default_transition_id', 'default_effect_id', 'cover_ratio', 'intro_length', 'outro_length', 'design'];
      await db('themes')
        .insert(rows.map((r) => ({ ...r, design: JSON.stringify(r.design) })))
        .onConflict('id')
        .merge([...columns, 'updated_at']);
    },

    /** Themes a picker may offer, in id order. */
    async listEnabled(): Promise<ThemeRow[]> {
      return db<ThemeRow>('themes').where({ disabled: false }).orderBy('id');
    },

    async findEnabled(id: number): Promise<ThemeRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<ThemeRow>('themes').where({ id, disabled: false }).first();
    },

    async favoriteIds(userId: number): Promise<Set<number>> {
      const rows = await db('favorites').where({ user_id: userId, kind: FAVORITE_KIND }).select<{ target_id: number }[]>('target_id');
      return new Set(rows.map((r) => r.target_id));
    },

    async setFavorite(userId: number, themeId: number, favorite: boolean): Promise<void> {
      const key = { user_id: userId, kind: FAVORITE_KIND, target_id: themeId };
      if (favorite) await db('favorites').insert(key).onConflict(['user_id', 'kind', 'target_id']).ignore();
      else await db('favorites').where(key).delete();
    },

    /** The user's own custom themes that are not deleted, newest first. */
    async customThemesOf(userId: number): Promise<OwnCustomThemeRow[]> {
      return db('custom_themes').where({ user_id: userId }).whereNull('deleted_at').orderBy('id', 'desc').select('id', 'theme_id', 'title', 'updated_at');
    },

    async findCustomTheme(id: number): Promise<OwnCustomThemeRow | undefined> {
      return db('custom_themes').where({ id }).whereNull('deleted_at').first('id', 'theme_id', 'title', 'updated_at');
    },

    /** Theme ids by how many videos use them, most first (ties: lower id first). */
    async popularIds(): Promise<number[]> {
      const rows = await db('videos')
        .whereNull('deleted_at')
        .where('theme_id', '>', 0)
        .groupBy('theme_id')
        .orderByRaw('count(*) desc, theme_id')
        .select<{ theme_id: number }[]>('theme_id');
      return rows.map((r) => r.theme_id);
    },

    /** Theme ids of the user's videos, the most recently worked on first. */
    async recentIds(userId: number): Promise<number[]> {
      const rows = await db('videos')
        .where({ user_id: userId })
        .whereNull('deleted_at')
        .where('theme_id', '>', 0)
        .groupBy('theme_id')
        .orderByRaw('max(updated_at) desc, theme_id')
        .select<{ theme_id: number }[]>('theme_id');
      return rows.map((r) => r.theme_id);
    },
  };
}

export type ThemeRepository = ReturnType<typeof themeRepository>;
