import assert from 'node:assert/strict';
import { durationText, formatTime, parseTime, TIME_FORM_ERROR, TIME_POSITIVE_ERROR } from './time-format.ts';

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

describe('duration wording', () => {
  it('switches to the next unit only past 2 of it', () => {
    assert.equal(durationText(0), '0 seconds');
    assert.equal(durationText(1), '1 second');
    assert.equal(durationText(120), '120 seconds');
    assert.equal(durationText(121), '2 minutes');
    assert.equal(durationText(2 * 3600), '120 minutes');
    assert.equal(durationText(2.5 * 3600), '3 hours');
    assert.equal(durationText(2 * 86_400), '48 hours');
    assert.equal(durationText(3 * 86_400), '3 days');
    assert.equal(durationText(14 * 86_400), '14 days');
    assert.equal(durationText(15 * 86_400), '2 weeks');
  });

  it('counts a month as 4.3 weeks, then years', () => {
    const week = 7 * 86_400;
    assert.equal(durationText(8.6 * week), '9 weeks');
    assert.equal(durationText(8.7 * week), '2 months');
    assert.equal(durationText(2 * 365 * 86_400), '24 months');
    assert.equal(durationText(3 * 365 * 86_400), '3 years');
  });

  it('reads a time in the future or not a number as none', () => {
    assert.equal(durationText(-30), '0 seconds');
    assert.equal(durationText(Number.NaN), '0 seconds');
  });
});
