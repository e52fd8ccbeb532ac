import assert from 'node:assert/strict';
import { chapterStarts } from '../../dvd/plan.ts';
import { planInput, planSlide } from '../plan/examples.ts';
import { buildTimeline } from '../plan/timeline.ts';
import { HD } from './profiles.ts';
import { renderPlan, splitAtTransitions, type ThemeArt } from './render-plan.ts';

const ART: ThemeArt = { background: null, introScene: null, outroScene: null, colour: '#44546a' };
const slides = (captions: string[]) => captions.map((caption, i) => planSlide(i + 1, { time: 4, caption }));

describe('renderPlan', () => {
  it('makes an item that ends in a transition as two segments that fill the same frames, drawn from the same clock', () => {
    const whole = buildTimeline(planInput({ slides: slides(['', '', '']) }));
    const plan = renderPlan(whole, HD, ART);
    const split = plan.timeline.segments;
    assert.equal(split.length, whole.segments.length + whole.segments.filter((s) => s.transition).length);
    assert.deepEqual(split.map((s) => s.index), split.map((_, i) => i));
    // End to end, frame for frame.
    split.forEach((s, i) => assert.equal(s.start, i === 0 ? 0 : split[i - 1].start + split[i - 1].frames));
    assert.equal(split.reduce((sum, s) => sum + s.frames, 0), whole.frames);
    for (const item of whole.segments.filter((s) => s.transition)) {
      const body = split.find((s) => s.start === item.start)!;
      const tail = split[body.index + 1];
      assert.equal(body.transition, null);
      assert.equal(body.offset, item.offset);
      assert.deepEqual(tail.transition, item.transition);
      assert.equal(tail.tail, true);
      assert.equal(tail.frames, item.transition!.frames);
      // The tail goes on with the same visual where the body stopped.
      assert.equal(tail.offset, body.offset + body.frames);
      assert.deepEqual(tail.visual, item.visual);
    }
    assert.deepEqual(splitAtTransitions(plan.timeline), plan.timeline, 'a split timeline stays as it is');
    assert.equal(plan.hashes.length, split.length);
  });

  it('leaves the slide before an edited one alone but for its transition, which shows the edited slide', () => {
    const before = renderPlan(buildTimeline(planInput({ slides: slides(['', '', '']) })), HD, ART);
    const after = renderPlan(buildTimeline(planInput({ slides: slides(['', 'A new caption', '']) })), HD, ART);
    const changed = after.hashes.map((hash, i) => (hash === before.hashes[i] ? null : i)).filter((i) => i !== null);
    const second = after.timeline.segments.findIndex((s) => s.visual.slideId === 2);
    // The first slide's transition into the second, the second, and its transition into the third: nothing else.
    assert.deepEqual(changed, [second - 1, second, second + 1]);
    assert.equal(after.timeline.segments[second - 1].tail, true);
    assert.equal(after.timeline.segments[second + 1].tail, true);
  });

  it('keeps a clip whole, its transition with it: a piece starting after its last frame would have nothing to hold', () => {
    const clip = { start: 0, end: 4, volume: 1, duckVolume: 1, hasAudio: false };
    const whole = buildTimeline(planInput({ slides: [planSlide(1, { time: 4 }), planSlide(2, { kind: 'clip', time: 4, clip }), planSlide(3, { time: 4 })] }));
    const split = renderPlan(whole, HD, ART).timeline.segments;
    const clips = split.filter((s) => s.visual.kind === 'clip');
    assert.equal(clips.length, 1);
    assert.deepEqual(clips[0], { ...whole.segments.find((s) => s.visual.kind === 'clip')!, index: clips[0].index });
    assert.ok(clips[0].transition);
    assert.ok(split.some((s) => s.tail && s.visual.kind === 'photo'), 'the photos around it are split');
  });

  it('keeps the DVD chapters at the slides, not at their transitions', () => {
    const whole = buildTimeline(planInput({ slides: Array.from({ length: 25 }, (_, i) => planSlide(i + 1, { time: 4 })) }));
    const plan = renderPlan(whole, HD, ART);
    assert.ok(plan.timeline.segments.length > whole.segments.length);
    assert.deepEqual(chapterStarts(plan.timeline), chapterStarts(whole));
    assert.equal(chapterStarts(whole).length, 3);
  });
});
