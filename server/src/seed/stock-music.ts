import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { LIBRARY, TEST_LIBRARY } from '../music/catalogue.ts';
import { storageRepository } from '../repositories/storage.repository.ts';
import { stockSongLibraryFor } from '../services/stock-song-library.service.ts';

/** Which stock music a start seeds: the full library, the short test pieces, or none. */
export type StockMusicLibrary = 'full' | 'test' | 'none';

/** STOCK_MUSIC_LIBRARY=test|none (tests set 'test'); the full library otherwise. */
export function stockMusicLibrary(env: NodeJS.ProcessEnv = process.env): StockMusicLibrary {
  const value = env.STOCK_MUSIC_LIBRARY;
  return value === 'test' || value === 'none' ? value : 'full';
}

/**
 * Adds the composed stock songs that are not in the library yet (every start: a new release's pieces join
 * an existing installation). The full library is rendered by the library preparation in the background, songs
 * first, appearing as they finish (services/library-preparation.service.ts); the short test pieces are rendered
 * here, so tests find them ready.
 */
export async function seedStockMusic(db: Db, config: Config, library: StockMusicLibrary = stockMusicLibrary()): Promise<void> {
  if (library === 'none') return;
  const stock = stockSongLibraryFor(db, storageRepository(config.dataDir, config.storage));
  await stock.seed(library === 'test' ? TEST_LIBRARY : LIBRARY);
  if (library === 'test') await stock.renderPending();
}
