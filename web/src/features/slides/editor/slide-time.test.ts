import assert from 'node:assert/strict';
import { parseSlideTime, sameTime, sharedTime, slideTimeLabel, slideTimeTargets } from './slide-time.ts';

describe('slide time', () => {
  it('labels a custom time in seconds with one decimal, otherwise Automatic', () => {
    assert.equal(slideTimeLabel(4.25, true), '4.3 seconds');
    assert.equal(slideTimeLabel(5, true), '5 seconds');
    assert.equal(slideTimeLabel(null, false), 'Automatic');
    assert.equal(slideTimeLabel(6.04, false), 'Automatic, 6 seconds');
  });

  it('sets a custom time for a typed value and automatic for a blank one', () => {
    assert.deepEqual(parseSlideTime('3.5'), { slideTime: 3.5, userSetSlideTime: true });
    assert.deepEqual(parseSlideTime('  '), { slideTime: null, userSetSlideTime: false });
    assert.equal(parseSlideTime('-1'), undefined);
    assert.equal(parseSlideTime('abc'), undefined);
  });
});

describe('Set Custom Slide Time for the selected slides', () => {
  const slide = (id: number, more: Partial<{ isText: boolean; isVideo: boolean; slideTime: number | null; userSetSlideTime: boolean }> = {}) => ({
    id,
    isText: false,
    isVideo: false,
    slideTime: 6,
    userSetSlideTime: false,
    ...more,
  });

  it('sets photos and text slides, not the cover photo or a video clip', () => {
    const chosen = [slide(1), slide(2), slide(3, { isText: true }), slide(4, { isVideo: true })];
    assert.deepEqual(slideTimeTargets(chosen, 1).map((s) => s.id), [2, 3]);
  });

  it('opens with the time the slides share, else Automatic', () => {
    assert.deepEqual(sharedTime([slide(1, { slideTime: 4, userSetSlideTime: true }), slide(2, { slideTime: 4, userSetSlideTime: true })]), { slideTime: 4, userSetSlideTime: true });
    assert.deepEqual(sharedTime([slide(1, { slideTime: 4, userSetSlideTime: true }), slide(2)]), { slideTime: null, userSetSlideTime: false });
    // An automatic slide's computed time is not a custom one.
    assert.deepEqual(sharedTime([slide(1, { slideTime: 7 }), slide(2, { slideTime: 5 })]), { slideTime: null, userSetSlideTime: false });
  });

  it('sees an automatic time as the same whatever seconds it works out to', () => {
    assert.ok(sameTime(slide(1, { slideTime: 7 }), { slideTime: null, userSetSlideTime: false }));
    assert.ok(!sameTime(slide(1, { slideTime: 7, userSetSlideTime: true }), { slideTime: 7.5, userSetSlideTime: true }));
  });
});
