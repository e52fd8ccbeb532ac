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
  /** The house order (/settings/themes); null after every placed theme, by id. */
  position: number | null;
  /** What an administrator changed on a catalogue theme (themes/theme-settings.ts). */
  overrides: Record<string, unknown>;
  updated_at?: Date;
}

export type ThemeRowValues = Omit<ThemeRow, 'disabled' | 'position' | 'overrides' | 'updated_at'>;

/** The picker's order and the themes page's: the house order, then id. */
export const THEME_ORDER = 'position nulls last, id';

export interface OwnCustomThemeRow {
  id: number;
  theme_id: number;
  title: string;
  updated_at: Date;
}

const FAVORITE_KIND = 'theme';

export function themeRepository(db: Db) {
  return {
    /**
     * Inserts or refreshes catalogue rows; `disabled`, `position` and `overrides` are left as an administrator set
     * them (a new theme takes its id as its place). The caller lays the overrides over the designs (seed/themes.ts).
     */
    async upsert(rows: ThemeRowValues[]): Promise<void> {
      const columns = ['theme_title', 'tags', 'debug', 'default_transition_id', 'default_effect_id', 'cover_ratio', 'intro_length', 'outro_length', 'design'];
      await db('themes')
        .insert(rows.map((r) => ({ ...r, position: r.id, design: JSON.stringify(r.design) })))
        .onConflict('id')
        .merge([...columns, 'updated_at']);
    },

    /** Themes a picker may offer, in the house order. */
    async listEnabled(): Promise<ThemeRow[]> {
      return db<ThemeRow>('themes').where({ disabled: false }).orderByRaw(THEME_ORDER);
    },

    /** Each theme's administrator overrides, by id. */
    async overrides(): Promise<Map<number, unknown>> {
      const rows = await db('themes').select<{ id: number; overrides: unknown }[]>('id', 'overrides');
      return new Map(rows.map((r) => [r.id, r.overrides]));
    },


    async findEnabled(id: number): Promise<ThemeRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<ThemeRow>('themes').where({ id, disabled: false }).first();
    },

    async find(id: number): Promise<ThemeRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<ThemeRow>('themes').where({ id }).first();
    },

    /** A theme made on the themes page: its id is the next from `firstId` up, past the catalogue's fixed ids. */
    async insertNew(row: Omit<ThemeRow, 'id'>, firstId: number): Promise<number> {
      const [{ id }] = await db('themes')
        .insert({
          ...row,
          id: db.raw('(select greatest(?, coalesce(max(id), 0) + 1) from themes)', [firstId]),
          design: JSON.stringify(row.design),
          overrides: JSON.stringify(row.overrides),
        })
        .returning<{ id: number }[]>('id');
      return id;
    },

    async change(id: number, values: Partial<Omit<ThemeRow, 'id'>>): Promise<void> {
      const json = (v: Record<string, unknown> | undefined) => (v === undefined ? undefined : JSON.stringify(v));
      await db('themes')
        .where({ id })
        .update({ ...values, design: json(values.design), overrides: json(values.overrides), updated_at: db.fn.now() });
    },

    /** How many videos (not deleted) and custom themes are built on the theme. */
    async usage(id: number): Promise<{ videos: number; customThemes: number }> {
      const [{ count: videos }] = await db('videos').where({ theme_id: id }).whereNull('deleted_at').count<{ count: number }[]>('* as count');
      const [{ count: customThemes }] = await db('custom_themes').where({ theme_id: id }).count<{ count: number }[]>('* as count');
      return { videos: Number(videos), customThemes: Number(customThemes) };
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

    /**
     * Theme ids by how many videos use them, most first; ties, and the themes no video uses yet, in the house
     * order, so the picker's 'Most Popular' on a new installation is the order the themes page sets.
     */
    async popularIds(): Promise<number[]> {
      const used = db('videos').whereNull('deleted_at').where('theme_id', '>', 0).groupBy('theme_id').select('theme_id', db.raw('count(*) as uses'));
      const rows = await db('themes as t')
        .leftJoin(used.as('u'), 'u.theme_id', 't.id')
        .orderByRaw('coalesce(u.uses, 0) desc, t.position nulls last, t.id')
        .select<{ id: number }[]>('t.id');
      return rows.map((r) => r.id);
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
