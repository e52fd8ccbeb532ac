import assert from 'node:assert/strict';
import { facesToScene, framedMotion, holds } from './face-framing.ts';
import { EFFECT } from './look.ts';
import { GENTLE_ZOOM, motionFor, photoPlacement, rectAt, type MotionRequest } from './motion.ts';
import type { Motion, Rect } from './types.ts';

/** Every frame of a 90-frame move, checked: each face whole in each one. */
const everyFrameHolds = (motion: Motion, faces: Rect[]): boolean => {
  for (let f = 0; f < 90; f++) if (!faces.every((face) => holds(rectAt(motion, f, 90), face))) return false;
  return true;
};
const centre = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

describe('face-aware framing', () => {
  // A landscape photo filling the frame, a face at its left edge (fractions of the photo).
  const placement = photoPlacement(16 / 9, 1);
  const edgeFace = facesToScene([{ x: 0.01, y: 0.35, w: 0.06, h: 0.12 }], placement);
  const request = (effectId: number, values: Partial<MotionRequest> = {}): MotionRequest =>
    ({ slideId: 4, effectId, automatic: true, placement, kenburns: null, ...values });

  it('keeps a face near the left edge whole in every frame, where the centred zoom cuts it', () => {
    for (const effectId of [EFFECT.zoomIn, EFFECT.zoomOut]) {
      const today = motionFor(request(effectId));
      assert.ok(today && !everyFrameHolds(today, edgeFace), `the centred zoom (${effectId}) cuts the face`);
      const framed = motionFor(request(effectId, { faces: edgeFace }));
      assert.ok(framed && everyFrameHolds(framed, edgeFace), `effect ${effectId}`);
    }
  });

  it('ends on the faces: the end window holds them and sits as near their centre as the scene allows', () => {
    const photoFaces = [{ x: 0.5, y: 0.5, w: 0.05, h: 0.09 }, { x: 0.6, y: 0.52, w: 0.05, h: 0.09 }];
    const faces = facesToScene(photoFaces, placement);
    const today = motionFor(request(EFFECT.zoomIn))!;
    const motion = motionFor(request(EFFECT.zoomOut, { faces }))!;
    assert.ok(faces.every((f) => holds(motion.to, f)));
    assert.ok(Math.abs(motion.to.w - 1 / GENTLE_ZOOM) < 1e-12, 'still the gentle zoom');
    // The faces' centre, and the nearest a window of this size can put its centre to it inside the scene.
    const want = { x: 0.575, y: 0.5 + 0.11 / 2 };
    const half = motion.to.w / 2;
    const reach = { x: Math.min(1 - half, Math.max(half, want.x)), y: Math.min(1 - half, Math.max(half, want.y)) };
    const got = centre(motion.to);
    assert.ok(Math.abs(got.x - reach.x) < 1e-9 && Math.abs(got.y - reach.y) < 1e-9, JSON.stringify({ got, reach }));
    const off = (c: { x: number; y: number }) => Math.hypot(c.x - want.x, c.y - want.y);
    assert.ok(off(got) < off(centre(today.to)), 'nearer the faces than the centred zoom');
    const edge = motionFor(request(EFFECT.zoomIn, { faces: edgeFace }))!;
    assert.equal(edge.to.x, 0, 'pushed against the left edge, as near the face as it goes');
  });

  it('keeps faces whole through an automatic pan and ends the pan on them, or zooms when the pan would be lost', () => {
    const right = facesToScene([{ x: 0.85, y: 0.4, w: 0.1, h: 0.15 }], placement);
    const pan = motionFor(request(EFFECT.panRight, { faces: right }))!;
    assert.ok(everyFrameHolds(pan, right));
    assert.ok(pan.to.x > pan.from.x && pan.from.w === pan.to.w, 'still a pan to the right');
    const left = motionFor(request(EFFECT.panRight, { faces: edgeFace }))!;
    assert.ok(everyFrameHolds(left, edgeFace));
    assert.equal(left.from.w, 1, 'a pan away from the faces became a zoom onto them');
  });

  it('widens the window when the faces need more room than the gentle zoom leaves', () => {
    const group = facesToScene([{ x: 0.02, y: 0.3, w: 0.1, h: 0.2 }, { x: 0.9, y: 0.3, w: 0.08, h: 0.2 }], placement);
    const motion = motionFor(request(EFFECT.zoomIn, { faces: group }))!;
    assert.ok(everyFrameHolds(motion, group));
    assert.ok(motion.to.w > 1 / GENTLE_ZOOM);
  });

  it('holds any faces that fit, inside the scene, for every automatic move, photo shape and border', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 300; i++) {
      const aspect = [0.5, 2 / 3, 1, 4 / 3, 16 / 9, 2.5][i % 6];
      const place = photoPlacement(aspect, [1, 2, 6][i % 3]);
      const w = 0.03 + random() * 0.2;
      const h = 0.03 + random() * 0.2;
      const faces = facesToScene([{ x: random() * (1 - w), y: random() * (1 - h), w, h }], place);
      for (const effectId of [EFFECT.zoomIn, EFFECT.zoomOut, EFFECT.panLeft, EFFECT.panRight, EFFECT.panUp, EFFECT.panDown]) {
        const motion = motionFor({ slideId: i, effectId, automatic: true, placement: place, kenburns: null, faces })!;
        const inScene = [motion.from, motion.to].every((r) => holds({ x: 0, y: 0, w: 1, h: 1 }, r));
        assert.ok(inScene && everyFrameHolds(motion, faces), `${i} ${effectId} ${JSON.stringify({ faces, motion })}`);
      }
    }
  });

  it('moves exactly as before without faces', () => {
    for (const effectId of Object.values(EFFECT)) {
      for (const automatic of [true, false]) {
        assert.deepEqual(motionFor(request(effectId, { automatic, faces: [] })), motionFor(request(effectId, { automatic })));
      }
    }
    const base = { from: { x: 0, y: 0, w: 1, h: 1 }, to: { x: 0.05, y: 0.05, w: 0.9, h: 0.9 } };
    assert.deepEqual(framedMotion(base, []), base);
  });

  it('never changes a custom zoom, nor an effect the family picked', () => {
    const kenburns: MotionRequest['kenburns'] = [{ x1: 16000, x2: 32000, y1: 8000, y2: 17000 }, { x1: 20000, x2: 32000, y1: 10000, y2: 16750 }];
    const custom = request(EFFECT.custom, { kenburns });
    assert.deepEqual(motionFor({ ...custom, faces: edgeFace }), motionFor(custom));
    const chosen = request(EFFECT.zoomIn, { automatic: false });
    assert.deepEqual(motionFor({ ...chosen, faces: edgeFace }), motionFor(chosen));
  });
});
