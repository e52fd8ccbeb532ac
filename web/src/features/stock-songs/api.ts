import useSWR from 'swr';
import type { WireAdminStockLibrary, WireAdminStockSong, WireStockCategory } from '../../../../server/src/wire/song.ts';
import { getJson, sendFile, sendJson, type Camelized } from '../../api/index.ts';

export type AdminStockSong = Camelized<WireAdminStockSong>;
export type StockCategory = Camelized<WireStockCategory>;
type Library = Camelized<WireAdminStockLibrary>;

export const STOCK_LIBRARY_KEY = '/r/settings/stock_songs';

/** The whole library, hidden songs included; it is small enough to search and page in the browser. */
export const useStockLibrary = () => useSWR(STOCK_LIBRARY_KEY, (url: string) => getJson<Library>(url));

export interface StockSongChanges {
  songName?: string;
  artistName?: string;
  disabled?: boolean;
  premium?: boolean;
  categoryIds?: number[];
}

export const updateStockSong = (id: number, changes: StockSongChanges) =>
  sendJson<{ stockSong: AdminStockSong }>('PATCH', `/r/settings/stock_songs/${id}`, changes).then((r) => r.stockSong);

/** The server masters the file to the library's loudness before answering; the page shows its errors itself. */
export const uploadStockSong = (file: File) =>
  sendFile<{ stockSong: AdminStockSong }>(STOCK_LIBRARY_KEY, 'file', file, { alertErrors: false }).then((r) => r.stockSong);

export const createCategory = (name: string) => sendJson<{ category: StockCategory }>('POST', '/r/settings/stock_song_categories', { name }).then((r) => r.category);

export const renameCategory = (id: number, name: string) =>
  sendJson<{ category: StockCategory }>('PATCH', `/r/settings/stock_song_categories/${id}`, { name }).then((r) => r.category);
