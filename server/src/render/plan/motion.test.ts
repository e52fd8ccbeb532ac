import assert from 'node:assert/strict';
import { TEXT_BACKGROUNDS } from '../../../../common/text-backgrounds.ts';
import { PLAIN_THEME } from '../../services/render-theme.service.ts';
import { THEMES } from '../../themes/catalogue.ts';
import { planInput, planSlide, planTheme } from './examples.ts';
import { EFFECT } from './look.ts';
import { backgroundMotion, cropToScene, GENTLE_ZOOM, motionBounds, motionFor, photoPlacement, rectAt, TEXT_FADE_FRAMES } from './motion.ts';
import { buildTimeline } from './timeline.ts';
import { FPS, type Rect } from './types.ts';

const inside = (r: Rect) => r.x >= -1e-9 && r.y >= -1e-9 && r.x + r.w <= 1 + 1e-9 && r.y + r.h <= 1 + 1e-9;

describe('motion', () => {
  it('fits a portrait photo inside the frame, centred', () => {
    const p = photoPlacement(3 / 4, 1);
    assert.equal(p.h, 1);
    assert.ok(Math.abs(p.w - (3 / 4) / (16 / 9)) < 1e-12);
    assert.ok(Math.abs(p.x - (1 - p.w) / 2) < 1e-12);
  });

  it('leaves room around the photo for a border', () => {
    const p = photoPlacement(16 / 9, 2);
    assert.ok(p.w < 1 && p.h < 1 && p.x > 0 && p.y > 0);
  });

  it('never shows past the edge of the scene, whatever the effect and the photo', () => {
    for (const aspect of [0.5, 3 / 4, 1, 3 / 2, 16 / 9, 3]) {
      for (const effectId of Object.values(EFFECT)) {
        for (const automatic of [true, false]) {
          const motion = motionFor({ slideId: 7, effectId, automatic, placement: photoPlacement(aspect, 1), kenburns: null });
          if (!motion) continue;
          for (let f = 0; f < 100; f += 9) assert.ok(inside(rectAt(motion, f, 100)), `${aspect} ${effectId} ${f}`);
        }
      }
    }
  });

  it('turns an automatic sideways pan over a portrait photo into a zoom', () => {
    const motion = motionFor({ slideId: 3, effectId: EFFECT.panLeft, automatic: true, placement: photoPlacement(3 / 4, 1), kenburns: null });
    assert.ok(motion);
    assert.notEqual(motion.from.w, motion.to.w);
  });

  it('pans a chosen Pan Left from the right edge to the left edge', () => {
    const motion = motionFor({ slideId: 3, effectId: EFFECT.panLeft, automatic: false, placement: photoPlacement(16 / 9, 1), kenburns: null });
    assert.ok(motion && motion.from.x > 0 && motion.to.x === 0 && motion.from.w === motion.to.w);
  });

  it('moves evenly: equal steps between frames', () => {
    const motion = { from: { x: 0, y: 0, w: 1, h: 1 }, to: { x: 0.1, y: 0.05, w: 0.8, h: 0.8 } };
    const a = rectAt(motion, 10, 91);
    const b = rectAt(motion, 11, 91);
    const c = rectAt(motion, 12, 91);
    assert.ok(Math.abs(b.x - a.x - (c.x - b.x)) < 1e-12);
    assert.deepEqual(rectAt(motion, 90, 91), motion.to);
  });

  it('maps a custom zoom rectangle of a portrait photo into the scene with the frame shape', () => {
    const placement = photoPlacement(9 / 16, 1);
    // A frame-shaped window across the photo's full width: 16:9 in pixels is 32000 wide by 10125 high in crop space.
    const rect = cropToScene({ x1: 0, x2: 32000, y1: 0, y2: 10125 }, placement);
    assert.ok(Math.abs(rect.w - rect.h) < 1e-12);
    assert.ok(Math.abs(rect.x - placement.x) < 1e-3 && Math.abs(rect.y) < 1e-3);
    assert.ok(Math.abs(rect.w - placement.w) < 1e-3);
  });

  it('bounds a move by a frame-shaped part of the scene that holds it', () => {
    const bounds = motionBounds({ from: { x: 0.2, y: 0.1, w: 0.5, h: 0.5 }, to: { x: 0.4, y: 0.2, w: 0.5, h: 0.5 } });
    const expected = { x: 0.2, y: 0.05, w: 0.7, h: 0.7 };
    for (const key of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(bounds[key] - expected[key]) < 1e-9, key);
  });
});

describe('still words on a moving background', () => {
  const words = (kind: string) => kind === 'text' || kind === 'intro' || kind === 'outro';

  it('moves the background of every text slide, intro and outro, in every theme, and fades their words in early', () => {
    const pools = [[], [EFFECT.none], [EFFECT.panLeft, EFFECT.zoomOut]];
    for (const design of [...THEMES, PLAIN_THEME]) {
      for (const effect of pools) {
        const slides = [planSlide(1), ...TEXT_BACKGROUNDS.map((b, i) => planSlide(10 + i, { kind: 'text', caption: 'Always loved', textBackground: b.value, time: 8 }))];
        const input = planInput({ theme: planTheme(design), slides, look: { ...planInput().look, pools: { ...planInput().look.pools, effect } } });
        const segments = buildTimeline(input).segments.filter((s) => words(s.visual.kind));
        assert.equal(segments.length, TEXT_BACKGROUNDS.length + (design.introLength > 0 ? 1 : 0) + (design.outroLength > 0 ? 1 : 0));
        for (const { visual, offset, frames } of segments) {
          const where = `theme ${design.id}, effects [${effect}], ${visual.kind} ${visual.slideId ?? ''}`;
          const { motion, textFade } = visual;
          assert.ok(motion && JSON.stringify(motion.from) !== JSON.stringify(motion.to), `${where}: the background moves`);
          for (let f = 0; f < visual.span; f += 10) assert.ok(inside(rectAt(motion, f, visual.span)), `${where}: inside the scene at ${f}`);
          assert.ok(textFade, `${where}: the words fade in`);
          // From the end of the incoming transition, for most of a second, and whole by the middle of its own time.
          assert.equal(textFade.start, offset, where);
          assert.ok(textFade.frames >= 0.6 * FPS && textFade.frames <= TEXT_FADE_FRAMES, `${where}: ${textFade.frames} frames`);
          assert.ok(textFade.start + textFade.frames <= offset + frames / 2, where);
        }
      }
    }
  });

  it('keeps the move of a text slide gentle, even under an effect chosen for it', () => {
    const chosen = { transition: false, effect: true, overlay: false, border: false };
    const input = planInput({ slides: [planSlide(1), planSlide(2, { kind: 'text', caption: 'Always loved', effectId: EFFECT.panRight, userSet: chosen })] });
    const text = buildTimeline(input).segments.find((s) => s.visual.kind === 'text')!.visual;
    assert.deepEqual(text.motion, backgroundMotion(2, EFFECT.panRight));
    assert.ok(Math.abs(text.motion!.from.w - 1 / GENTLE_ZOOM) < 1e-12 && text.motion!.from.x < text.motion!.to.x);
  });

  it('shortens the fade of a brief text slide so its words are whole for its second half, and moves one without words', () => {
    const input = planInput({ slides: [planSlide(1), planSlide(2, { kind: 'text', caption: 'Brief', time: 0.5 }), planSlide(3, { kind: 'text', caption: ' ' })] });
    const [brief, empty] = buildTimeline(input).segments.filter((s) => s.visual.kind === 'text');
    assert.deepEqual(brief.visual.textFade, { start: brief.offset, frames: Math.floor(brief.frames / 2) });
    assert.equal(empty.visual.textFade, null);
    assert.ok(empty.visual.motion);
  });
});
