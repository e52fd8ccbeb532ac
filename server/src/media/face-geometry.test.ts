import assert from 'node:assert/strict';
import { analysedEdits, facesOnEditedPhoto } from './face-geometry.ts';

const size = { width: 4000, height: 3000 };
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
/** The analysis saw the photo as uploaded: no turn, straighten or crop. */
const upright = { angle: 0, straighten: 0, crop: null };

describe('faces on the edited photo', () => {
  const face = { x1: 0.1, x2: 0.2, y1: 0.3, y2: 0.5, score: 0.9 };

  it('leaves a face where it was when the photo is as analysed', () => {
    const [box] = facesOnEditedPhoto([face], upright, { angle: 0, straighten: 0, crop: null }, size);
    assert.ok(near(box.x, 0.1) && near(box.w, 0.1) && near(box.y, 0.3) && near(box.h, 0.2), JSON.stringify(box));
  });

  it('follows a quarter turn made after the analysis (an accepted rotation idea)', () => {
    // Turned clockwise: the left edge goes to the top, so x becomes the distance from the top, y from the right.
    const [box] = facesOnEditedPhoto([face], upright, { angle: 90, straighten: 0, crop: null }, size);
    assert.ok(near(box.y, 0.1) && near(box.h, 0.1) && near(box.x, 0.5) && near(box.w, 0.2), JSON.stringify(box));
    const [back] = facesOnEditedPhoto([{ x1: box.x, x2: box.x + box.w, y1: box.y, y2: box.y + box.h }], { ...upright, angle: 90 }, { angle: 0, straighten: 0, crop: null }, size);
    assert.ok(near(back.x, 0.1) && near(back.y, 0.3), JSON.stringify(back));
  });

  it('follows a crop, and drops a face the crop left mostly out', () => {
    const crop = { x1: 8000, x2: 32000, y1: 0, y2: 32000 };
    const kept = facesOnEditedPhoto([face, { x1: 0.6, x2: 0.7, y1: 0.3, y2: 0.5 }], upright, { angle: 0, straighten: 0, crop }, size);
    assert.equal(kept.length, 1, 'the face at 0.1-0.2 lies left of a crop starting at 0.25');
    assert.ok(near(kept[0].x, (0.6 - 0.25) / 0.75) && near(kept[0].w, 0.1 / 0.75), JSON.stringify(kept));
  });

  it('places a face found on a photo cropped before its analysis, and follows that crop being changed', () => {
    // Cropped to its right three quarters in the first seconds; the analysis saw that cropped picture.
    const crop = { x1: 8000, x2: 32000, y1: 0, y2: 32000 };
    const analysed = analysedEdits({ analysed_angle: 0, analysed_crop: crop, analysed_straighten: 0 });
    const [same] = facesOnEditedPhoto([face], analysed, { angle: 0, straighten: 0, crop }, size);
    assert.ok(near(same.x, 0.1) && near(same.w, 0.1) && near(same.y, 0.3), `unchanged edits leave it in place: ${JSON.stringify(same)}`);
    const [uncropped] = facesOnEditedPhoto([face], analysed, upright, size);
    assert.ok(near(uncropped.x, 0.25 + 0.1 * 0.75) && near(uncropped.w, 0.1 * 0.75), `the crop undone: ${JSON.stringify(uncropped)}`);
    // Rows from before the crop was recorded were analysed as uploaded.
    assert.deepEqual(analysedEdits({ analysed_angle: 90 }), { angle: 90, straighten: 0, crop: null });
  });

  it('places a face found on a straightened photo back where it was', () => {
    const analysed = { angle: 0, straighten: 10, crop: null };
    const [same] = facesOnEditedPhoto([face], analysed, analysed, size);
    assert.ok(near(same.x, 0.1) && near(same.y, 0.3) && near(same.w, 0.1) && near(same.h, 0.2), JSON.stringify(same));
  });

  it('holds a straightened face in the bounding box of its tilted corners', () => {
    const [box] = facesOnEditedPhoto([{ x1: 0.45, x2: 0.55, y1: 0.45, y2: 0.55 }], upright, { angle: 0, straighten: 10, crop: null }, size);
    // A tilt enlarges the box around the same centre (the photo's centre here).
    assert.ok(box.w > 0.1 && box.h > 0.1 && Math.abs(box.x + box.w / 2 - 0.5) < 1e-3 && Math.abs(box.y + box.h / 2 - 0.5) < 1e-3, JSON.stringify(box));
  });
});
