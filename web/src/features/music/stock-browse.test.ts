import assert from 'node:assert/strict';
import type { StockList } from '../../api/index.ts';
import { categoryCount, FAVORITES_ID, selectionInOrder, songsInCategory, stockCategories, withFavorite } from './stock-browse.ts';

const song = (id: number, favorite = false) => ({ id, songName: `Song ${id}`, artistName: 'A', songLength: 60, previewUrl: '', favorite });
const list: StockList = {
  stockSongs: [song(1), song(2, true), song(3)],
  stockCategories: [
    { id: 10, name: 'Hymns' },
    { id: 11, name: 'Piano' },
  ],
  preparing: 0,
  songCategories: [
    { stockSongCategoryId: 10, stockSongId: 3 },
    { stockSongCategoryId: 10, stockSongId: 1 },
    { stockSongCategoryId: 11, stockSongId: 2 },
  ],
};

describe('stock library browsing', () => {
  it('offers the favorites pseudo category only to signed-in users', () => {
    assert.deepEqual(stockCategories(list, true).map((c) => c.id), [FAVORITES_ID, 10, 11]);
    assert.deepEqual(stockCategories(list, false).map((c) => c.id), [10, 11]);
  });

  it('lists a category in library order and favorites by their stars', () => {
    assert.deepEqual(songsInCategory(list, 10).map((s) => s.id), [1, 3]);
    assert.deepEqual(songsInCategory(list, FAVORITES_ID).map((s) => s.id), [2]);
    assert.deepEqual(songsInCategory(withFavorite(list, 3, true), FAVORITES_ID).map((s) => s.id), [2, 3]);
  });

  it('adds the selection in library order', () => {
    assert.deepEqual(selectionInOrder(list, new Set([3, 1])), [1, 3]);
  });

  it('says an empty category’s songs are coming while the library is being prepared, and counts otherwise', () => {
    assert.equal(categoryCount(0, true), 'Songs being prepared…');
    assert.equal(categoryCount(0, false), '0 songs');
    assert.equal(categoryCount(1, true), '1 song');
    assert.equal(categoryCount(3, false), '3 songs');
  });
});
