import type { Db } from '../db/database.ts';
import type { LookType } from '../seed/look-modifiers.ts';

export interface LookModifierRow {
  type: LookType;
  id: number;
  label: string;
  position: number;
  direction: string | null;
  enabled: boolean;
  params: Record<string, unknown>;
}

export function lookRepository(db: Db) {
  return {
    async all(): Promise<LookModifierRow[]> {
      return db<LookModifierRow>('look_modifiers').orderBy([{ column: 'type' }, { column: 'position' }]);
    },
  };
}

export type LookRepository = ReturnType<typeof lookRepository>;
