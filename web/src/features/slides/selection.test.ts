import assert from 'node:assert/strict';
import { clickSelection, EMPTY_SELECTION, pruneSelection, rightClickSelection, selectedInOrder, type Selection } from './selection.ts';

const order = [10, 11, 12, 13, 14];
const ids = (s: Selection) => [...s.ids].sort((a, b) => a - b);

describe('slide selection', () => {
  it('selects only the clicked slide on a plain click', () => {
    const s = clickSelection({ ids: new Set([10, 11]), last: 11 }, order, 13);
    assert.deepEqual(ids(s), [13]);
    assert.equal(s.last, 13);
  });

  it('toggles with Ctrl or Meta', () => {
    const one = clickSelection(EMPTY_SELECTION, order, 10, { toggle: true });
    const two = clickSelection(one, order, 12, { toggle: true });
    assert.deepEqual(ids(two), [10, 12]);
    assert.deepEqual(ids(clickSelection(two, order, 10, { toggle: true })), [12]);
  });

  it('selects the range from the last selected slide with Shift, in either direction', () => {
    const start = clickSelection(EMPTY_SELECTION, order, 11);
    assert.deepEqual(ids(clickSelection(start, order, 13, { shift: true })), [11, 12, 13]);
    const back = clickSelection(clickSelection(EMPTY_SELECTION, order, 14), order, 12, { shift: true });
    assert.deepEqual(ids(back), [12, 13, 14]);
  });

  it('keeps the last selected slide as the Shift anchor when a Ctrl click unselects another', () => {
    let s = clickSelection(EMPTY_SELECTION, order, 13);
    s = clickSelection(s, order, 10, { toggle: true });
    s = clickSelection(s, order, 10, { toggle: true });
    assert.equal(s.last, 13);
    assert.deepEqual(ids(clickSelection(s, order, 11, { shift: true })), [11, 12, 13]);
  });

  it('treats Shift without an anchor as a plain click', () => {
    assert.deepEqual(ids(clickSelection(EMPTY_SELECTION, order, 12, { shift: true })), [12]);
  });

  it('selects on right click but keeps a selection that already holds the slide', () => {
    const two: Selection = { ids: new Set([10, 11]), last: 11 };
    assert.equal(rightClickSelection(two, 10), two);
    assert.deepEqual(ids(rightClickSelection(two, 13)), [13]);
  });

  it('forgets slides that are gone and lists the rest in grid order', () => {
    const s: Selection = { ids: new Set([14, 10, 12]), last: 12 };
    const pruned = pruneSelection(s, [10, 11, 14]);
    assert.deepEqual(ids(pruned), [10, 14]);
    assert.equal(pruned.last, null);
    assert.equal(pruneSelection(s, order), s, 'unchanged when every slide is still there');
    assert.deepEqual(selectedInOrder(s, order), [10, 12, 14]);
  });
});
