import assert from 'node:assert/strict';
import { initialColumn, loadedColumn, type Column } from './column.ts';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));
const ids = (column: Column<{ id: number }>) => column.items.map((item) => item.id);

describe('a dashboard column', () => {
  it('offers more exactly when the server says so, whatever the length of the page', () => {
    const full = loadedColumn(initialColumn<{ id: number }>(), 1, rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), false);
    assert.equal(full.hasMore, false, 'a full page that was the last');
    const short = loadedColumn(initialColumn<{ id: number }>(), 1, rows(1, 2, 3), true);
    assert.equal(short.hasMore, true, 'a short page with more behind it');
  });

  it('adds a later page without the rows already shown, and a page made short that way still has more', () => {
    const first = loadedColumn(initialColumn<{ id: number }>(), 1, rows(20, 19, 18), true);
    // A video started meanwhile pushed 18 onto the next page as well.
    const second = loadedColumn(first, 2, rows(18, 17, 16), true);
    assert.deepEqual(ids(second), [20, 19, 18, 17, 16]);
    assert.equal(second.hasMore, true);
    const last = loadedColumn(second, 3, rows(16, 15), false);
    assert.deepEqual(ids(last), [20, 19, 18, 17, 16, 15]);
    assert.equal(last.hasMore, false);
  });

  it('starts over on a first page', () => {
    const earlier = loadedColumn(initialColumn<{ id: number }>(), 1, rows(3, 2), true);
    assert.deepEqual(ids(loadedColumn(earlier, 1, rows(4, 3), false)), [4, 3]);
  });
});
