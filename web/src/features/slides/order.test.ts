import assert from 'node:assert/strict';
import { coverId, draggedIds, firstSlideProblem, moveIds, photoFirst, planDrop, type SlideKind } from './order.ts';

const photo = (id: number): SlideKind => ({ id, isText: false, isVideo: false });
const text = (id: number): SlideKind => ({ id, isText: true, isVideo: false });
const clip = (id: number): SlideKind => ({ id, isText: false, isVideo: true });

describe('slide order rules', () => {
  it('takes the first photo as the cover', () => {
    assert.equal(coverId([text(1), clip(2), photo(3), photo(4)]), 3);
    assert.equal(coverId([text(1)]), null);
  });

  it('moves slides together, in grid order, to the drop position', () => {
    assert.deepEqual(moveIds([1, 2, 3, 4, 5], [4], 1), [1, 4, 2, 3, 5]);
    assert.deepEqual(moveIds([1, 2, 3, 4, 5], [2], 5), [1, 3, 4, 5, 2]);
    assert.deepEqual(moveIds([1, 2, 3, 4, 5], [4, 1], 3), [2, 3, 1, 4, 5]);
    assert.deepEqual(moveIds([1, 2, 3, 4, 5], [2, 4], 0), [2, 4, 1, 3, 5]);
  });

  it('carries the whole selection only when the grabbed slide is selected', () => {
    assert.deepEqual(draggedIds([1, 2, 3, 4], new Set([4, 2]), 4), [2, 4]);
    assert.deepEqual(draggedIds([1, 2, 3, 4], new Set([4, 2]), 3), [3]);
  });

  it('refuses a text slide or clip dropped first', () => {
    const slides = [photo(1), photo(2), text(3), clip(4)];
    assert.deepEqual(planDrop(slides, [3], 0), { kind: 'refused', message: 'Text slide cannot be the first slide.' });
    assert.deepEqual(planDrop(slides, [4], 0), { kind: 'refused', message: 'Video clip cannot be the first slide.' });
    assert.deepEqual(planDrop(slides, [3], 1), { kind: 'move', order: [1, 3, 2, 4] });
  });

  it('refuses to move the cover photo when a clip or text slide would follow it into first place', () => {
    assert.equal(planDrop([photo(1), text(2), photo(3)], [1], 3).kind, 'refused');
    assert.deepEqual(planDrop([photo(1), photo(2), text(3)], [1], 3), { kind: 'move', order: [2, 3, 1] });
  });

  it('does nothing when the drop leaves the order as it was', () => {
    assert.deepEqual(planDrop([photo(1), photo(2)], [2], 2), { kind: 'none' });
    assert.deepEqual(planDrop([photo(1), photo(2)], [1], 1), { kind: 'none' });
  });

  it('lets an order keep a non-photo first slide that was already first', () => {
    assert.equal(firstSlideProblem([text(1), photo(2)], [text(1), photo(2)]), null);
  });

  it('brings the first photo forward when an order starts with a clip or text slide', () => {
    assert.deepEqual(photoFirst([text(1), clip(2), photo(3), photo(4)]).map((s) => s.id), [3, 1, 2, 4]);
    assert.deepEqual(photoFirst([text(1), clip(2)]).map((s) => s.id), [1, 2]);
  });
});
