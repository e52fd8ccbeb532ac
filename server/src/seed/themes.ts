import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { storageRepository } from '../repositories/storage.repository.ts';
import { themeFilesRepository } from '../repositories/theme-files.repository.ts';
import { themeRepository, type ThemeRowValues } from '../repositories/theme.repository.ts';
import { THEMES } from '../themes/catalogue.ts';
import { readOverrides, withOverrides } from '../themes/theme-settings.ts';
import { ALL_PARTS, themeAssetsService } from '../themes/theme-assets.service.ts';
import type { ThemeDesign } from '../themes/types.ts';

export function themeRow(design: ThemeDesign): ThemeRowValues {
  return {
    id: design.id,
    theme_title: design.title,
    tags: design.tags.join(', '),
    debug: design.debug,
    default_transition_id: design.defaults.transitionIds[0] ?? null,
    default_effect_id: design.defaults.effectIds[0] ?? null,
    cover_ratio: design.coverRatio,
    intro_length: design.introLength,
    outro_length: design.outroLength,
    design: design as unknown as Record<string, unknown>,
  };
}

/**
 * Brings the themes table in line with the catalogue and puts in storage every theme's pictures drawn before on
 * this machine (copied from the cache at once). The rest are drawn by the library preparation in the background
 * (server/src/services/library-preparation.service.ts), or here before returning when `wait` is set.
 */
export async function seedThemes(db: Db, config: Config, { wait = false } = {}): Promise<void> {
  const themes = themeRepository(db);
  const overrides = await themes.overrides();
  // What an administrator changed on the themes page stays changed (themes/theme-settings.ts).
  const designs = THEMES.map((design) => withOverrides(design, readOverrides(overrides.get(design.id))));
  await themes.upsert(designs.map(themeRow));
  const assets = themeAssetsService(themeFilesRepository(storageRepository(config.dataDir, config.storage)));
  for (const design of designs) {
    for (const part of ALL_PARTS) if (!(await assets.placed(design, part)) && wait) await assets.ensure(design, [part]);
  }
}
