import assert from 'node:assert/strict';
import { parseSlideTime, slideTimeLabel } from './slide-time.ts';

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
