import type { Db } from '../db/database.ts';

/** Site-wide settings kept as JSON under a key in system_settings. */
export function systemSettingRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db('system_settings').where({ key }).first<{ value: T } | undefined>();
      return row?.value;
    },
    async set(key: string, value: unknown): Promise<void> {
      await db('system_settings')
        .insert({ key, value: JSON.stringify(value) })
        .onConflict('key')
        .merge({ value: JSON.stringify(value), updated_at: db.fn.now() });
    },
  };
}

export type SystemSettingRepository = ReturnType<typeof systemSettingRepository>;
