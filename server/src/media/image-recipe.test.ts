import assert from 'node:assert/strict';
import { editParamsOf, editVersion, PIPELINE, planDerived, planEdits, recipeParams, type EditOp, type EditParams } from './image-recipe.ts';

const plain: EditParams = {
  source: 'abc123',
  angle: 0,
  crop: null,
  hue: 0,
  brightness: 100,
  contrast: 100,
  saturation: 100,
  straighten: 0,
  enhance: false,
  redeyes: [],
  blemishes: [],
};
const photo = { width: 1200, height: 900 };
const names = (ops: EditOp[]) => ops.map((o) => o.op);
const opOf = <K extends EditOp['op']>(ops: EditOp[], name: K) => ops.find((o) => o.op === name) as Extract<EditOp, { op: K }>;

describe('editVersion', () => {
  it('is stable and short', () => {
    assert.equal(editVersion(plain), editVersion({ ...plain }));
    assert.match(editVersion(plain), /^[0-9a-f]{12}$/);
  });

  it('changes with every parameter that changes pixels, and with the original', () => {
    const changed: Partial<EditParams>[] = [
      { source: 'other' }, { angle: 90 }, { crop: { x1: 100, x2: 32000, y1: 0, y2: 32000 } }, { hue: 10 },
      { brightness: 120 }, { contrast: 80 }, { saturation: 50 }, { straighten: 3 }, { enhance: true },
      { redeyes: [[10, 10, 5]] }, { blemishes: [[20, 20, 8]] },
    ];
    const versions = new Set(changed.map((c) => editVersion({ ...plain, ...c })));
    assert.equal(versions.size, changed.length);
    assert.ok(!versions.has(editVersion(plain)));
  });

  it('treats equivalent edits as the same picture', () => {
    assert.equal(editVersion({ ...plain, angle: 360 }), editVersion(plain));
    assert.equal(editVersion({ ...plain, angle: -90 }), editVersion({ ...plain, angle: 270 }));
    assert.equal(editVersion({ ...plain, crop: { x1: 0, x2: 32000, y1: 0, y2: 32000 } }), editVersion(plain));
    assert.equal(editVersion({ ...plain, straighten: 60 }), editVersion(plain), 'outside +-45 is ignored');
  });

  it('versions a clip by its rotation only', () => {
    const clip = {
      sha256: null, orig_path: 'videos/1/slides/2/original.mp4', is_video: true, angle: 90, crop: null, hue: 40,
      brightness: 150, contrast: 100, saturation: 100, straighten: 0, enhance: true, redeyes: [], blemishes: [],
    };
    assert.equal(editVersion(editParamsOf(clip)), editVersion(editParamsOf({ ...clip, hue: 0, enhance: false })));
    assert.notEqual(editVersion(editParamsOf(clip)), editVersion(editParamsOf({ ...clip, angle: 0 })));
  });
});

describe('planDerived', () => {
  it('only resizes an unedited photo, so the decoder may shrink on load', () => {
    const plan = planDerived(plain, photo, 'big');
    assert.deepEqual(plan.ops, []);
    assert.deepEqual([plan.width, plan.height], [1200, 900], 'never upscaled');
    const thumb = planDerived(plain, photo, 'thumb');
    assert.deepEqual(thumb.ops, [{ op: 'resize', width: 200, height: 150 }]);
  });

  it('gives each kind its conventional size', () => {
    const large = { width: 4000, height: 3000 };
    const size = (kind: Parameters<typeof planDerived>[2]) => {
      const p = planDerived(plain, large, kind);
      return [p.width, p.height];
    };
    assert.deepEqual(size('thumb'), [200, 150]);
    assert.deepEqual(size('square'), [150, 150]);
    assert.deepEqual(size('big'), [1920, 1440]);
    assert.deepEqual(size('huge'), [3840, 2880]);
    assert.deepEqual(size('cover_thumb'), [267, 150]);
    assert.deepEqual(size('cover_big'), [1920, 1080]);
    assert.deepEqual(size('full'), [4000, 3000]);
  });

  it('cuts the square and cover versions from the centre', () => {
    const square = planDerived(plain, photo, 'square');
    assert.deepEqual(opOf(square.ops, 'extract'), { op: 'extract', left: 150, top: 0, width: 900, height: 900 });
    const cover = planDerived(plain, photo, 'cover_big');
    assert.deepEqual(opOf(cover.ops, 'extract'), { op: 'extract', left: 0, top: 113, width: 1200, height: 675 });
  });

  it('turns first, then crops in the turned photo', () => {
    const plan = planEdits({ ...plain, angle: 90, crop: { x1: 0, x2: 16000, y1: 16000, y2: 32000 } }, photo);
    assert.deepEqual(names(plan.ops), ['rotate', 'extract']);
    assert.deepEqual(opOf(plan.ops, 'rotate'), { op: 'rotate', degrees: 90 });
    // Turned, the photo is 900 wide and 1200 high; the crop is its bottom-left quarter.
    assert.deepEqual(opOf(plan.ops, 'extract'), { op: 'extract', left: 0, top: 600, width: 450, height: 600 });
  });

  it('straightens by cutting the largest rectangle of the same shape with no empty corners', () => {
    const plan = planEdits({ ...plain, straighten: 5 }, photo);
    assert.deepEqual(opOf(plan.ops, 'rotate'), { op: 'rotate', degrees: 5 });
    const extract = opOf(plan.ops, 'extract');
    const rad = (5 * Math.PI) / 180;
    const boxW = 1200 * Math.cos(rad) + 900 * Math.sin(rad);
    const boxH = 1200 * Math.sin(rad) + 900 * Math.cos(rad);
    assert.ok(Math.abs(extract.width / extract.height - 4 / 3) < 0.01, 'keeps the 4:3 shape');
    assert.ok(extract.left + extract.width <= Math.floor(boxW) && extract.top + extract.height <= Math.floor(boxH));
    // Every corner of the extract lies inside the rotated photo.
    const cx = boxW / 2;
    const cy = boxH / 2;
    for (const [x, y] of [
      [extract.left, extract.top], [extract.left + extract.width, extract.top],
      [extract.left, extract.top + extract.height], [extract.left + extract.width, extract.top + extract.height],
    ]) {
      const u = (x - cx) * Math.cos(rad) + (y - cy) * Math.sin(rad);
      const v = -(x - cx) * Math.sin(rad) + (y - cy) * Math.cos(rad);
      assert.ok(Math.abs(u) <= 600 && Math.abs(v) <= 450, `corner ${x},${y} is inside`);
    }
  });

  it('combines a quarter turn with straightening into one rotation', () => {
    const plan = planEdits({ ...plain, angle: 270, straighten: -2 }, photo);
    assert.deepEqual(opOf(plan.ops, 'rotate'), { op: 'rotate', degrees: 268 });
    assert.ok(plan.height > plan.width, 'portrait after a quarter turn');
  });

  it('applies colour edits, then enhance, after the geometry', () => {
    const plan = planDerived({ ...plain, angle: 180, brightness: 120, contrast: 50, hue: -30, enhance: true }, photo, 'big');
    assert.deepEqual(names(plan.ops), ['rotate', 'extract', 'modulate', 'linear', 'normalise', 'modulate', 'sharpen']);
    assert.deepEqual(plan.ops[2], { op: 'modulate', brightness: 1.2, saturation: 1, hue: -30 });
    assert.deepEqual(plan.ops[3], { op: 'linear', multiplier: 0.5, offset: 64 });
    assert.deepEqual(plan.ops[5], { op: 'modulate', brightness: 1, saturation: 1.1, hue: 0 });
  });

  it('keeps a panorama thumbnail to a sane width', () => {
    const plan = planDerived(plain, { width: 20000, height: 1000 }, 'thumb');
    assert.deepEqual([plan.width, plan.height], [1200, 60]);
  });
});

describe('the edit pipeline order', () => {
  const everything: EditParams = {
    ...plain, angle: 90, straighten: 4, crop: { x1: 1000, x2: 30000, y1: 2000, y2: 31000 }, hue: 20, brightness: 120,
    contrast: 80, saturation: 90, enhance: true, redeyes: [[600, 450, 20]], blemishes: [[500, 400, 10]],
  };

  it('is written down once and every image follows it', () => {
    assert.deepEqual([...PIPELINE], ['rotate', 'extract', 'resize', 'redeye', 'blemish', 'colour', 'contrast', 'enhance', 'preview_blur']);
    const plan = planDerived(everything, { width: 4000, height: 3000 }, 'big');
    assert.deepEqual(names(plan.ops), ['rotate', 'extract', 'resize', 'redeye', 'blemish', 'modulate', 'linear', 'normalise', 'modulate', 'sharpen']);
  });

  it('maps the retouching marks into the output image, and drops marks that fall outside it', () => {
    // 2000 x 1500 photo, big is not smaller: the marks keep their pixels without geometry edits.
    const plan = planDerived({ ...plain, redeyes: [[100, 200, 10], [5000, 5000, 10]] }, { width: 2000, height: 1500 }, 'thumb');
    const scale = 150 / 1500;
    const op = opOf(plan.ops, 'redeye');
    assert.equal(op.marks.length, 1);
    assert.deepEqual(op.marks[0].map((v) => Math.round(v * 100) / 100), [100 * scale, 200 * scale, 10 * scale]);
  });

  it('gives each tool image every edit but its own', () => {
    assert.equal(recipeParams(everything, 'big_sans_crop').crop, null);
    assert.equal(recipeParams(everything, 'big_sans_straighten').straighten, 0);
    assert.deepEqual(recipeParams(everything, 'big_sans_color'), { ...everything, hue: 0, brightness: 100, contrast: 100, saturation: 100 });
    assert.deepEqual(recipeParams(everything, 'big_sans_redeyes'), { ...everything, redeyes: [] });
    assert.deepEqual(recipeParams(everything, 'big_sans_blemishes'), { ...everything, blemishes: [] });
    assert.deepEqual(recipeParams(everything, 'big'), everything);
    const blur = planDerived(everything, { width: 4000, height: 3000 }, 'big_blemish_blur');
    assert.equal(blur.ops.at(-1)?.op, 'blur');
    assert.ok(!names(blur.ops).includes('blemish'));
    assert.deepEqual([blur.width, blur.height], [planDerived(everything, { width: 4000, height: 3000 }, 'big').width, blur.height]);
  });

  it('names a photo with marks anew, and keeps every other name', () => {
    assert.equal(editVersion(plain), editVersion({ ...plain, redeyes: [], blemishes: [] }));
    assert.notEqual(editVersion({ ...plain, redeyes: [[1, 2, 3]] }), editVersion(plain));
  });
});
