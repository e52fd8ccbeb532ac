import type { StockCategory, StockList, StockSong } from '../../api/index.ts';

/** Spec 1 section 2.7: the pseudo category holding the user's favorites. */
export const FAVORITES_ID = -1;

/** The category list: Favorites first for signed-in users (anonymous users have none), then the library's own. */
export function stockCategories(list: StockList, signedIn: boolean): StockCategory[] {
  return signedIn ? [{ id: FAVORITES_ID, name: 'Favorites' }, ...list.stockCategories] : list.stockCategories;
}

/** The songs of one category in the library's order; favorites follow the stars as they are now. */
export function songsInCategory(list: StockList, categoryId: number): StockSong[] {
  if (categoryId === FAVORITES_ID) return list.stockSongs.filter((s) => s.favorite);
  const ids = new Set(list.songCategories.filter((link) => link.stockSongCategoryId === categoryId).map((link) => link.stockSongId));
  return list.stockSongs.filter((s) => ids.has(s.id));
}

/** The stock list with one song's star changed, for the optimistic and the confirmed state. */
export const withFavorite = (list: StockList, stockSongId: number, favorite: boolean): StockList => ({
  ...list,
  stockSongs: list.stockSongs.map((s) => (s.id === stockSongId ? { ...s, favorite } : s)),
});

/** Selected ids in the order the library lists them, so a bulk add is predictable. */
export const selectionInOrder = (list: StockList, selected: ReadonlySet<number>): number[] =>
  list.stockSongs.filter((s) => selected.has(s.id)).map((s) => s.id);

/** How many songs a category holds; while the library is still being made, an empty one says its songs are coming. */
export function categoryCount(songs: number, preparing: boolean): string {
  if (songs === 0 && preparing) return 'Songs being prepared…';
  return songs === 1 ? '1 song' : `${songs} songs`;
}
