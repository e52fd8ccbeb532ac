import assert from 'node:assert/strict';
import { dropIndex, moveItem, rowShift } from './reorder.ts';

describe('song reordering', () => {
  it('moves an item down and up', () => {
    assert.deepEqual(moveItem(['a', 'b', 'c', 'd'], 0, 2), ['b', 'c', 'a', 'd']);
    assert.deepEqual(moveItem(['a', 'b', 'c', 'd'], 3, 1), ['a', 'd', 'b', 'c']);
    assert.deepEqual(moveItem(['a', 'b'], 1, 1), ['a', 'b']);
  });

  it('lands on the row the pointer moved to, rounding at half a row', () => {
    assert.equal(dropIndex(0, 39, 81, 4), 0);
    assert.equal(dropIndex(0, 41, 81, 4), 1);
    assert.equal(dropIndex(2, -170, 81, 4), 0);
  });

  it('never lands past the movable rows', () => {
    assert.equal(dropIndex(1, 1000, 81, 3), 2);
    assert.equal(dropIndex(1, -1000, 81, 3), 0);
  });

  it('slides the rows between the start and the target aside', () => {
    assert.deepEqual([0, 1, 2, 3].map((i) => rowShift(i, 0, 2, 81)), [0, -81, -81, 0]);
    assert.deepEqual([0, 1, 2, 3].map((i) => rowShift(i, 3, 1, 39)), [0, 39, 39, 0]);
  });
});
