import type { Db } from '../db/database.ts';

export interface CustomThemeRow {
  id: number;
  theme_id: number;
  user_id: number | null;
  organization_id: number | null;
  title: string;
  /** Normalised by custom-theme-design.ts; whatever an older version stored is read through it. */
  design: Record<string, unknown>;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A theme of the catalogue that a video or a custom theme may be built on. */
export interface BaseThemeRow {
  id: number;
  theme_title: string;
  design: Record<string, unknown>;
}

export function customThemeRepository(db: Db) {
  return {
    /** A custom theme that has not been deleted. */
    async findById(id: number): Promise<CustomThemeRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<CustomThemeRow>('custom_themes').where({ id }).whereNull('deleted_at').first();
    },
    async create(values: Pick<CustomThemeRow, 'theme_id' | 'user_id' | 'organization_id' | 'title' | 'design'>): Promise<CustomThemeRow> {
      const [row] = await db('custom_themes').insert(values).returning('*');
      return row as CustomThemeRow;
    },
    async update(id: number, values: Partial<Pick<CustomThemeRow, 'title' | 'design'>>): Promise<CustomThemeRow> {
      const [row] = await db('custom_themes').where({ id }).update({ ...values, updated_at: db.fn.now() }).returning('*');
      return row as CustomThemeRow;
    },
    /**
     * Soft deletes the custom theme and sets every video still being made with it back to no theme; finalized
     * videos keep it, so they can be rendered again as they were. Answers the ids of the videos it changed.
     */
    async remove(id: number): Promise<number[]> {
      return db.transaction(async (trx) => {
        await trx('custom_themes').where({ id }).update({ deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
        const videos = await trx('videos')
          .where({ custom_theme_id: id })
          .whereNull('date_in_queue')
          .update({ theme_id: 0, custom_theme_id: null, updated_at: trx.fn.now() })
          .returning<{ id: number }[]>('id');
        return videos.map((v) => v.id);
      });
    },
    /** Videos (not deleted) whose look follows this custom theme, so they hear about its changes. */
    async videoIdsUsing(id: number): Promise<number[]> {
      const rows = await db('videos').where({ custom_theme_id: id }).whereNull('deleted_at').select<{ id: number }[]>('id');
      return rows.map((r) => r.id);
    },
    /** A released or unreleased theme that is not disabled. */
    async findBaseTheme(id: number): Promise<BaseThemeRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db('themes').where({ id, disabled: false }).first<BaseThemeRow | undefined>('id', 'theme_title', 'design');
    },
  };
}

export type CustomThemeRepository = ReturnType<typeof customThemeRepository>;
