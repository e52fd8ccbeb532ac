import assert from 'node:assert/strict';
import { CROP_MAX, normalizeAngle, rotateCrop } from './crop.ts';

describe('rotateCrop', () => {
  const topLeft = { x1: 0, x2: 8000, y1: 0, y2: 4000 };
  it('moves the top-left corner to the top-right after a clockwise quarter turn', () => {
    assert.deepEqual(rotateCrop(topLeft, 1), { x1: CROP_MAX - 4000, x2: CROP_MAX, y1: 0, y2: 8000 });
  });
  it('comes back after four turns and after +1 then -1', () => {
    assert.deepEqual(rotateCrop(topLeft, 4), topLeft);
    assert.deepEqual(rotateCrop(rotateCrop(topLeft, 1), -1), topLeft);
  });
  it('normalizes angles into 0, 90, 180, 270', () => {
    assert.equal(normalizeAngle(-90), 270);
    assert.equal(normalizeAngle(450), 90);
    assert.equal(normalizeAngle(360), 0);
  });
});
