import assert from 'node:assert/strict';
import { coverWindow } from './cover-crop.ts';
import { planDerived, type EditOp, type EditParams } from './image-recipe.ts';

const plain: EditParams = {
  source: 'abc123', angle: 0, crop: null, hue: 0, brightness: 100, contrast: 100, saturation: 100, straighten: 0,
  enhance: false, redeyes: [], blemishes: [],
};
const extractOf = (ops: EditOp[]) => ops.find((o) => o.op === 'extract') as Extract<EditOp, { op: 'extract' }>;
const holdsRows = (e: { top: number; height: number }, a: number, b: number) => e.top <= a && e.top + e.height >= b;
const holdsCols = (e: { left: number; width: number }, a: number, b: number) => e.left <= a && e.left + e.width >= b;

describe('the automatic cover crop around faces', () => {
  it('keeps a face near the top of a 4:3 photo inside the 16:9 cover, which the centred crop cuts', () => {
    const size = { width: 4000, height: 3000 };
    // Rows 60..300 of the photo.
    const face = { x: 0.4, y: 0.02, w: 0.08, h: 0.08 };
    const centred = extractOf(planDerived(plain, size, 'cover_big').ops);
    assert.ok(!holdsRows(centred, 60, 300), 'the centred cover cuts the face');
    const framed = extractOf(planDerived({ ...plain, coverFaces: [face] }, size, 'cover_big').ops);
    assert.ok(holdsRows(framed, 60, 300), JSON.stringify(framed));
    assert.deepEqual([framed.width, framed.height], [centred.width, centred.height], 'the same cover shape and size');
  });

  it('slides sideways on a panorama, as near centred on the faces as the photo allows', () => {
    const rect = { left: 0, top: 0, width: 3000, height: 1000 };
    const window = coverWindow(rect, 16 / 9, [{ x: 0.9, y: 0.4, w: 0.07, h: 0.2 }]);
    assert.ok(holdsCols(window, 2700, 2910));
    assert.ok(Math.abs(window.left + window.width - 3000) < 1e-9, 'against the right edge: centring on the face would leave the photo');
    const middle = coverWindow(rect, 16 / 9, [{ x: 0.55, y: 0.4, w: 0.05, h: 0.2 }]);
    assert.ok(Math.abs(middle.left + middle.width / 2 - 1725) < 1e-9, 'centred on a face with room around it');
  });

  it('is the centred crop without faces, and leaves every other kind alone', () => {
    const size = { width: 4000, height: 3000 };
    assert.deepEqual(coverWindow({ left: 0, top: 0, width: 4000, height: 3000 }, 16 / 9), { left: 0, top: 375, width: 4000, height: 2250 });
    assert.deepEqual(planDerived({ ...plain, coverFaces: [] }, size, 'cover_thumb'), planDerived(plain, size, 'cover_thumb'));
    const faces = [{ x: 0.4, y: 0.02, w: 0.08, h: 0.08 }];
    for (const kind of ['big', 'thumb', 'square', 'huge'] as const) assert.deepEqual(planDerived({ ...plain, coverFaces: faces }, size, kind), planDerived(plain, size, kind), kind);
  });
});
