import assert from 'node:assert/strict';
import { formatTime, parseTime, TIME_FORM_ERROR, TIME_POSITIVE_ERROR } from './time-format.ts';

describe('MM:SS.00 times', () => {
  it('reads minutes, seconds and hundredths', () => {
    assert.deepEqual(parseTime('01:23.45'), { ok: true, seconds: 83.45 });
    assert.deepEqual(parseTime('1:05'), { ok: true, seconds: 65 });
    assert.deepEqual(parseTime(' 0:00.5 '), { ok: true, seconds: 0.5 });
    assert.deepEqual(parseTime('125:00.00'), { ok: true, seconds: 7500 });
  });

  it('refuses other forms with the spec text', () => {
    for (const bad of ['', '83.45', '1:60', '1:2:3', 'ab:cd', '01:23.456', '1.5:00']) {
      assert.deepEqual(parseTime(bad), { ok: false, error: TIME_FORM_ERROR }, bad);
    }
    assert.equal(TIME_FORM_ERROR, 'Time should be of form MM:SS.00');
  });

  it('refuses negative times as not positive', () => {
    assert.deepEqual(parseTime('-00:05.00'), { ok: false, error: TIME_POSITIVE_ERROR });
    assert.equal(TIME_POSITIVE_ERROR, 'Time should be positive');
  });

  it('writes seconds back as MM:SS.00, rounding to the hundredth', () => {
    assert.equal(formatTime(83.45), '01:23.45');
    assert.equal(formatTime(0), '00:00.00');
    assert.equal(formatTime(59.999), '01:00.00');
    assert.equal(formatTime(7500), '125:00.00');
    assert.equal(formatTime(-2), '00:00.00');
  });

  it('reads back what it writes', () => {
    for (const seconds of [0.01, 3.5, 61.2, 599.99]) {
      const parsed = parseTime(formatTime(seconds));
      assert.ok(parsed.ok && Math.abs(parsed.seconds - seconds) < 1e-9);
    }
  });
});
