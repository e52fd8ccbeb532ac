import assert from 'node:assert/strict';
import { addRotation, netAngle, rotationBatch, withoutRotations } from './rotation.ts';

describe('pending slide rotation', () => {
  it('adds each click to the pending angle of every slide clicked', () => {
    let pending = addRotation(new Map(), [1, 2], 90);
    pending = addRotation(pending, [1], 90);
    pending = addRotation(pending, [2], -90);
    assert.deepEqual([...pending], [
      [1, 180],
      [2, 0],
    ]);
  });

  it('sends the net change of several quick clicks as one batch and drops a net zero', () => {
    const pending = new Map([
      [1, 180],
      [2, 0],
      [3, -90],
      [4, 360],
      [5, 270],
    ]);
    assert.deepEqual(rotationBatch(pending), { ids: [1, 3, 5], angles: [180, -90, -90], cancelled: [2, 4] });
  });

  it('leaves out slides whose rotation is already on its way', () => {
    assert.deepEqual(rotationBatch(new Map([[1, 90], [2, 90]]), new Set([1])), { ids: [2], angles: [90], cancelled: [] });
  });

  it('normalises any multiple of 90 degrees', () => {
    assert.deepEqual([0, 90, 180, 270, 360, -90, -180, -270, 450].map(netAngle), [0, 90, 180, -90, 0, -90, 180, 90, 90]);
  });

  it('clears the pending value of slides once their result arrives', () => {
    assert.deepEqual([...withoutRotations(new Map([[1, 90], [2, 90]]), [1])], [[2, 90]]);
  });
});
