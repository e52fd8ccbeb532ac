import assert from 'node:assert/strict';
import { applyDragging, draggedByOthers, NOBODY_DRAGGING } from './others-dragging.ts';

describe("other editors' drags", () => {
  it('keeps each editor apart and forgets one that ends its drag', () => {
    let state = applyDragging(NOBODY_DRAGGING, { owner: 'a', ids: [1, 2] });
    state = applyDragging(state, { owner: 'b', ids: [7] });
    assert.deepEqual([...draggedByOthers(state)].sort(), [1, 2, 7]);
    state = applyDragging(state, { owner: 'a', ids: [] });
    assert.deepEqual([...draggedByOthers(state)], [7]);
    state = applyDragging(state, { owner: 'b', ids: [3] });
    assert.deepEqual([...draggedByOthers(state)], [3]);
  });

  it('changes nothing when an editor that was not dragging ends a drag', () => {
    const state = applyDragging(NOBODY_DRAGGING, { owner: 'a', ids: [1] });
    assert.equal(applyDragging(state, { owner: 'b', ids: [] }), state);
    assert.equal(applyDragging(NOBODY_DRAGGING, { owner: 'b', ids: [] }), NOBODY_DRAGGING);
  });
});
