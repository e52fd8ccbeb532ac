import assert from 'node:assert/strict';
import { drawnRect, handleLayout, initialCrop, isValidCrop, movedRect, resizedRect, sameCrop, toCropSpace, widthOf, heightOf, HANDLE_SIZE } from './crop-geometry.ts';

const bounds = { width: 800, height: 600 };

describe('crop geometry', () => {
  it('draws an area from either direction, clamped to the picture', () => {
    assert.deepEqual(drawnRect({ x: 100, y: 100 }, { x: 50, y: 900 }, bounds, null), { x1: 50, x2: 100, y1: 100, y2: 600 });
  });

  it('keeps the cover ratio while drawing and within the room left', () => {
    const r = drawnRect({ x: 700, y: 100 }, { x: 800, y: 110 }, bounds, 16 / 9);
    assert.equal(widthOf(r), 100);
    assert.ok(Math.abs(widthOf(r) / heightOf(r) - 16 / 9) < 1e-9);
  });

  it('flags areas under 16 as invalid', () => {
    assert.equal(isValidCrop({ x1: 0, x2: 15, y1: 0, y2: 100 }), false);
    assert.equal(isValidCrop({ x1: 0, x2: 16, y1: 0, y2: 16 }), true);
  });

  it('never lets a dragged handle bring an edge within 5 of the other, nor past the picture', () => {
    const start = { x1: 100, x2: 300, y1: 100, y2: 300 };
    assert.deepEqual(resizedRect(start, 'e', -1000, 0, bounds, null), { x1: 100, x2: 105, y1: 100, y2: 300 });
    assert.deepEqual(resizedRect(start, 'nw', -1000, -1000, bounds, null), { x1: 0, x2: 300, y1: 0, y2: 300 });
  });

  it('keeps the ratio on every handle when locked', () => {
    const start = { x1: 100, x2: 260, y1: 100, y2: 190 };
    for (const h of ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const) {
      const r = resizedRect(start, h, 40, 30, bounds, 16 / 9);
      assert.ok(Math.abs(widthOf(r) / heightOf(r) - 16 / 9) < 1e-6, h);
      assert.ok(r.x1 >= 0 && r.y1 >= 0 && r.x2 <= 800 && r.y2 <= 600, h);
    }
  });

  it('moves the area whole and inside the picture', () => {
    assert.deepEqual(movedRect({ x1: 10, x2: 110, y1: 10, y2: 60 }, 1000, -50, bounds), { x1: 700, x2: 800, y1: 0, y2: 50 });
  });

  it('puts handles outside under 105, inside with a widening gap above, and hides the middles under 250 by 250', () => {
    const small = handleLayout({ x1: 100, x2: 200, y1: 100, y2: 400 });
    assert.equal(small.length, 4);
    assert.deepEqual(small[0], { handle: 'nw', x: 100 - HANDLE_SIZE / 2, y: 100 - HANDLE_SIZE / 2 });
    const at105 = handleLayout({ x1: 0, x2: 105, y1: 0, y2: 105 })[0];
    const at205 = handleLayout({ x1: 0, x2: 205, y1: 0, y2: 205 })[0];
    assert.equal(at105.x, HANDLE_SIZE / 2);
    assert.ok(at205.x > at105.x);
    assert.equal(handleLayout({ x1: 0, x2: 250, y1: 0, y2: 249 }).length, 4);
    assert.equal(handleLayout({ x1: 0, x2: 250, y1: 0, y2: 250 }).length, 8);
  });

  it('converts to crop space and compares crops with the full photo as default', () => {
    assert.deepEqual(toCropSpace({ x1: 0, x2: 400, y1: 150, y2: 600 }, bounds), { x1: 0, x2: 16000, y1: 8000, y2: 32000 });
    assert.equal(sameCrop(null, { x1: 0, x2: 32000, y1: 0, y2: 32000 }), true);
    assert.equal(sameCrop(null, { x1: 1, x2: 32000, y1: 0, y2: 32000 }), false);
  });

  it('opens the cover photo with its crop only when the crop has the cover ratio', () => {
    const picture = { width: 1600, height: 1200 };
    const wide = { x1: 0, x2: 32000, y1: 0, y2: 24000 }; // 1600 x 900 = 16:9
    const square = { x1: 0, x2: 24000, y1: 0, y2: 32000 };
    assert.deepEqual(initialCrop(wide, picture, 16 / 9), wide);
    assert.equal(initialCrop(square, picture, 16 / 9), null);
    assert.deepEqual(initialCrop(square, picture, null), square);
    assert.equal(initialCrop(null, picture, null), null);
  });
});
