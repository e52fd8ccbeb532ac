import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { storageRepository } from '../repositories/storage.repository.ts';
import { themeFilesRepository } from '../repositories/theme-files.repository.ts';
import { themeRepository, type ThemeRowValues } from '../repositories/theme.repository.ts';
import { THEMES } from '../themes/catalogue.ts';
import { themeAssetsService } from '../themes/theme-assets.service.ts';
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
 * Brings the themes table in line with the catalogue and puts every theme's pictures in storage, where the
 * render engine reads them. Pictures drawn before on this machine are copied from the cache at once; the rest
 * are drawn after this returns (a few minutes on a machine's first start), unless `wait` is set.
 */
export async function seedThemes(db: Db, config: Config, { wait = false } = {}): Promise<void> {
  await themeRepository(db).upsert(THEMES.map(themeRow));
  const assets = themeAssetsService(themeFilesRepository(storageRepository(config.dataDir)));
  const toDraw: ThemeDesign[] = [];
  for (const design of THEMES) if (!(await assets.placed(design))) toDraw.push(design);
  const drawn = (async () => {
    for (const design of toDraw) await assets.ensure(design);
  })();
  if (wait) return drawn;
  drawn.catch((err: unknown) => console.error('Drawing theme pictures failed:', err));
}
