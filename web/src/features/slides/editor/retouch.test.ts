import assert from 'node:assert/strict';
import { markAt, markOnPicture, nextStroke, removeRedEye } from './retouch.ts';

describe('retouching', () => {
  it('recolours only red pixels inside the pupil radius', () => {
    const w = 5;
    const data = new Uint8ClampedArray(w * w * 4);
    for (let i = 0; i < w * w; i++) data.set([200, 40, 60, 255], i * 4);
    data.set([100, 80, 80, 255], (2 * w + 2) * 4); // not red enough: 100 < 1.5 x 80
    removeRedEye(data, w, w, 2.5, 2.5, 1.6);
    assert.deepEqual([...data.slice((2 * w + 1) * 4, (2 * w + 1) * 4 + 3)], [50, 40, 60], 'a red pixel in the radius takes the mean of green and blue');
    assert.deepEqual([...data.slice((2 * w + 2) * 4, (2 * w + 2) * 4 + 3)], [100, 80, 80], 'a pixel under the threshold is kept');
    assert.deepEqual([...data.slice(0, 3)], [200, 40, 60], 'outside the radius nothing changes');
  });

  it('adds a brush stroke every third of the radius', () => {
    assert.equal(nextStroke(null, { x: 0, y: 0 }, 9), true);
    assert.equal(nextStroke({ x: 0, y: 0 }, { x: 2.9, y: 0 }, 9), false);
    assert.equal(nextStroke({ x: 0, y: 0 }, { x: 3, y: 0 }, 9), true);
  });

  it('maps a click on a turned and cropped picture to the original and back', () => {
    const edits = { angle: 90, straighten: 0, crop: { x1: 0, x2: 16000, y1: 0, y2: 32000 } };
    const size = { width: 1200, height: 800 };
    // Turned, the photo is 800 x 1200; the crop keeps its left half, 400 x 1200, shown 200 wide.
    const mark = markAt(edits, size, 200, 0.5, 0.25, 10);
    assert.deepEqual(mark, [300, 600, 20]);
    const back = markOnPicture(edits, size, 200, mark);
    assert.ok(Math.abs(back.u - 0.5) < 1e-6 && Math.abs(back.v - 0.25) < 1e-6 && Math.abs(back.radius - 10) < 1e-6);
  });
});
